/**
 * What each import changed, as an Atom feed (RFC 4287) per type and per province, or for everything: one entry
 * per dataset version that changed the scope, newest first. An entry's id is derived from its version and scope
 * alone, so it stays the same in every later reading of the feed and a reader never sees an entry twice.
 */
import { createHash } from 'node:crypto';
import { Type } from 'typebox';
import { pathOfRoute, typeById, typeByRoute } from '../../domain/locationTypes';
import { PROVINCES } from '../../domain/provinces';
import { errors, media } from '../http/answers';
import { chooseLanguage } from '../../domain/language';
import { inLanguage } from '../pages/document';
import { formatCount, html, joinHtml } from '../pages/html';
import { PAGE_WORDS } from '../pages/pageWords';
import type { ChangeKind } from '../store/importPlan';
import { provinceNameIn, typeTitleIn } from '../pages/typePage';
import { provinceIsoOfKey, typeIdOfKey } from '../store/catalogueKeys';
import type { Api, RouteContext } from './context';

/** Versions a feed lists at most. */
const ENTRIES_MAX = 100;
export const FEED_PATH = '/feeds/changes.atom';

/** A stable urn:uuid (name-based, as RFC 9562 version 5 builds them) for a name of ours. */
export function stableUrn(name: string): string {
  const hash = createHash('sha1').update(`makan:${name}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const PROVINCE = new Map(PROVINCES.map((p) => [p.iso_3166_2, p]));

interface Entry {
  version: number;
  updatedAt: string;
  lines: string[];
  counts: Record<ChangeKind, number>;
  places: Record<ChangeKind, string[]>;
}

const KINDS: readonly ChangeKind[] = ['added', 'removed', 'moved', 'renamed'];
/** Locations named in an entry per kind; the rest are counted. */
const NAMED_PER_KIND = 50;

const noEntry = (version: number, updatedAt: string): Entry => ({
  version,
  updatedAt,
  lines: [],
  counts: { added: 0, removed: 0, moved: 0, renamed: 0 },
  places: { added: [], removed: [], moved: [], renamed: [] },
});

export function registerFeedRoutes(app: Api, { store, publicOrigin }: RouteContext): void {
  app.get(
    FEED_PATH,
    {
      schema: {
        tags: ['dataset'],
        summary:
          'What each import changed, naming the locations, as an Atom feed in Persian or English (lang), for one type (route), one province (ISO code), or all',
        querystring: Type.Object(
          {
            type: Type.Optional(Type.String({ maxLength: 64 })),
            province: Type.Optional(Type.String({ maxLength: 16 })),
            lang: Type.Optional(Type.String({ maxLength: 8 })),
          },
          { additionalProperties: false },
        ),
        // The feed for a reader, a refusal in words for whoever opened the address, the API's JSON for a bad query.
        response: {
          200: media({ 'application/atom+xml': Type.String() }),
          404: media({ 'text/plain': Type.String() }),
          ...errors(400),
        },
      },
    },
    async (request, reply) => {
      const { type: route, province, lang } = request.query;
      const language = chooseLanguage(lang, null);
      const words = PAGE_WORDS[language].feed;
      const type = route === undefined ? null : typeByRoute(route);
      // A person or a feed reader opened it: the reason in words, not the API's JSON.
      const refuse = (why: string) => reply.code(404).type('text/plain; charset=utf-8').send(why);
      if (type === undefined) return refuse(words.noSuchType(route!));
      if (province !== undefined && !PROVINCE.has(province))
        return refuse(words.noSuchProvince(province, PROVINCES[0]!.iso_3166_2, PROVINCES.at(-1)!.iso_3166_2));
      const inScope = (typeKey: number, provinceKey: number) => {
        const typeId = typeIdOfKey.get(Number(typeKey)) ?? '';
        const iso = provinceIsoOfKey.get(Number(provinceKey)) ?? '';
        return (!type || typeById(typeId)?.typeId === type.typeId) && (!province || iso === province);
      };
      const whereOf = (typeKey: number, provinceKey: number) => {
        const of = typeById(typeIdOfKey.get(Number(typeKey)) ?? '');
        const at = PROVINCE.get(provinceIsoOfKey.get(Number(provinceKey)) ?? '');
        return { type: of ? typeTitleIn(of, language) : '', province: at ? provinceNameIn(at, language) : '' };
      };
      const entries = new Map<number, Entry>();
      for (const row of await store.changes(0)) {
        if (!inScope(row.type_id, row.province_id)) continue;
        const version = Number(row.version);
        const entry = entries.get(version) ?? noEntry(version, row.updated_at);
        entries.set(version, entry);
        const counts: Record<ChangeKind, number> = {
          added: Number(row.added),
          removed: Number(row.removed),
          moved: Number(row.moved),
          renamed: Number(row.renamed),
        };
        for (const kind of KINDS) entry.counts[kind] += counts[kind];
        const where = whereOf(row.type_id, row.province_id);
        entry.lines.push(
          `${where.type}${words.separator}${where.province}: ${KINDS.map((kind) => words.count(formatCount(counts[kind], language), kind)).join(words.separator)}`,
        );
      }
      for (const row of await store.changedPlaces(0)) {
        const entry = entries.get(Number(row.version));
        const kind = row.kind as ChangeKind;
        if (!entry || !KINDS.includes(kind) || !inScope(row.type_id, row.province_id)) continue;
        const where = whereOf(row.type_id, row.province_id);
        entry.places[kind].push(words.place(row.name, where.type, where.province));
      }
      const origin = publicOrigin();
      const scope = `${type?.route ?? 'all'}/${province ?? 'all'}`;
      const list = [...entries.values()].sort((a, b) => b.version - a.version).slice(0, ENTRIES_MAX);
      const meta = await store.meta();
      const at = province ? PROVINCE.get(province) : undefined;
      const scopeName = [type ? typeTitleIn(type, language) : null, at ? provinceNameIn(at, language) : null]
        .filter(Boolean)
        .join(words.separator);
      const page = `${origin}${inLanguage(type ? pathOfRoute(type.route) : '/', language)}`;
      const self = `${origin}/api${request.url.slice(request.url.indexOf(FEED_PATH))}`;
      const contentOf = (e: Entry) =>
        [
          ...e.lines,
          ...KINDS.filter((kind) => e.places[kind].length > 0).map((kind) => {
            const named = e.places[kind].slice(0, NAMED_PER_KIND);
            const rest = e.counts[kind] - named.length;
            return `${words.kinds[kind]}: ${named.join(words.separator)}${rest > 0 ? `${words.separator}${words.more(formatCount(rest, language))}` : ''}`;
          }),
        ].join('\n');
      // Atom is XML: the pages' template escapes its values as XML needs them too.
      const entryMarkup = list.map(
        (e) =>
          html`<entry><id>${stableUrn(`changes/${scope}/v${e.version}`)}</id><title>${`${words.version(formatCount(e.version, language))}: ${KINDS.map((kind) => words.count(formatCount(e.counts[kind], language), kind)).join(words.separator)}`}</title><updated>${e.updatedAt}</updated><link rel="alternate" type="text/html" href="${page}"/><content type="text">${contentOf(e)}</content></entry>`,
      );
      const xml = joinHtml(
        [
          html`<?xml version="1.0" encoding="utf-8"?>`,
          html`<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${language}">`,
          html`<id>${stableUrn(`changes/${scope}`)}</id>`,
          html`<title>${words.title(scopeName || null)}</title>`,
          html`<updated>${list[0]?.updatedAt ?? meta.updatedAt}</updated>`,
          html`<author><name>Makan</name></author>`,
          html`<link rel="self" type="application/atom+xml" href="${self}"/>`,
          html`<link rel="alternate" type="text/html" href="${page}"/>`,
          ...entryMarkup,
          html`</feed>`,
        ],
        '\n',
      );
      return reply.type('application/atom+xml; charset=utf-8').send(xml.text);
    },
  );
}
