/**
 * The sitemap: every route (both tabs), every province's list of each type and every location's page, each in
 * both languages, split into files of at most 50,000 addresses named by the dataset version (a new version, new
 * names: a crawler never mixes two), listed in /sitemap.xml; /robots.txt points at it.
 */
import { LANGUAGES } from '../../domain/language';
import { LOCATION_TYPES, pathOfRoute, type LocationType } from '../../domain/locationTypes';
import { PROVINCES } from '../../domain/provinces';
import type { PointIndex } from '../points/PointIndex';
import { locationOf } from '../points/TypePoints';
import { inLanguage } from './document';
import { html, joinHtml } from './html';
import { locationPath } from './placeRows';
import { listPath } from './typePage';

/** The most addresses a sitemap file may hold (the protocol's limit). */
export const SITEMAP_URLS = 50_000;
const PAGES_PER_FILE = SITEMAP_URLS / LANGUAGES.length;

/** Each type once (the catalogue shows the main offices at two routes: their pages are listed at the first). */
export const SITEMAP_TYPES: readonly LocationType[] = LOCATION_TYPES.filter(
  (t, i) => LOCATION_TYPES.findIndex((other) => other.typeId === t.typeId) === i,
);

const routePages = (): string[] =>
  LOCATION_TYPES.flatMap((t) => [
    pathOfRoute(t.route),
    ...(t.statsEnabled ? [`${pathOfRoute(t.route)}?tab=stats`] : []),
  ]);
const listPages = (): string[] => SITEMAP_TYPES.flatMap((t) => PROVINCES.map((p) => listPath(t, p.name_en)));

/** Each type's number of locations, in catalogue order. */
async function typeCounts(points: PointIndex): Promise<{ type: LocationType; count: number }[]> {
  return Promise.all(SITEMAP_TYPES.map(async (type) => ({ type, count: (await points.get(type.typeId)).count })));
}

export async function sitemapFileCount(points: PointIndex): Promise<number> {
  const locations = (await typeCounts(points)).reduce((sum, t) => sum + t.count, 0);
  return Math.max(1, Math.ceil((routePages().length + listPages().length + locations) / PAGES_PER_FILE));
}

export const sitemapFileName = (version: number, n: number) => `/sitemap-v${version}-${n}.xml`;

export async function sitemapIndex(points: PointIndex, version: number, origin: string): Promise<string> {
  const files = await sitemapFileCount(points);
  const entries = Array.from(
    { length: files },
    (_, n) => html`<sitemap><loc>${`${origin}${sitemapFileName(version, n + 1)}`}</loc></sitemap>`,
  );
  return html`<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</sitemapindex>`
    .text;
}

/** File `n` (from 1): its pages, each in every language; null past the last file. */
export async function sitemapFile(points: PointIndex, n: number, origin: string): Promise<string | null> {
  const first = (n - 1) * PAGES_PER_FILE;
  const last = first + PAGES_PER_FILE;
  const fixed = [...routePages(), ...listPages()];
  const paths = fixed.slice(first, last);
  let offset = fixed.length;
  for (const { type, count } of await typeCounts(points)) {
    if (paths.length >= PAGES_PER_FILE || offset >= last) break;
    const from = Math.max(0, first - offset);
    const to = Math.min(count, last - offset);
    if (from < to) {
      const typePoints = await points.get(type.typeId);
      for (let id = from; id < to; id++) paths.push(locationPath(type, locationOf(typePoints, id).Guid));
    }
    offset += count;
  }
  if (paths.length === 0 && n > 1) return null;
  const urls = joinHtml(
    paths.flatMap((path) => LANGUAGES.map((l) => html`<url><loc>${`${origin}${inLanguage(path, l)}`}</loc></url>`)),
  );
  return html`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`
    .text;
}

export const robotsTxt = (origin: string) =>
  `User-agent: *\nAllow: /\nDisallow: /api/\nSitemap: ${origin}/sitemap.xml\n`;
