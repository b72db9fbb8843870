/**
 * What each import changed, as an Atom feed (RFC 4287) per type and per province, or for everything: one entry
 * per dataset version that changed the scope, newest first. An entry's id is derived from its version and scope
 * alone, so it stays the same in every later reading of the feed and a reader never sees an entry twice.
 */
import { createHash } from 'node:crypto';
import { Type } from 'typebox';
import { pathOfRoute, typeById, typeByRoute } from '../../domain/locationTypes';
import { PROVINCES } from '../../domain/provinces';
import { errors } from '../http/answers';
import { HttpError } from '../http/errors';
import { esc } from '../pages/html';
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
  added: number;
  removed: number;
  moved: number;
  renamed: number;
}

export function registerFeedRoutes(app: Api, { store, publicOrigin }: RouteContext): void {
  app.get(
    FEED_PATH,
    {
      schema: {
        tags: ['dataset'],
        summary: 'What each import changed, as an Atom feed, for one type (route), one province (ISO code), or all',
        querystring: Type.Object(
          {
            type: Type.Optional(Type.String({ maxLength: 64 })),
            province: Type.Optional(Type.String({ pattern: '^IR-\\d{2}$' })),
          },
          { additionalProperties: false },
        ),
        produces: ['application/atom+xml'],
        response: { 200: Type.String(), ...errors(400) },
      },
    },
    async (request, reply) => {
      const { type: route, province } = request.query;
      const type = route === undefined ? null : typeByRoute(route);
      if (type === undefined) throw new HttpError(400, 'bad_request', `no type ${route}`);
      if (province !== undefined && !PROVINCE.has(province))
        throw new HttpError(400, 'bad_request', `no province ${province}`);
      const entries = new Map<number, Entry>();
      for (const row of await store.changes(0)) {
        const typeId = typeIdOfKey.get(Number(row.type_id)) ?? '';
        const iso = provinceIsoOfKey.get(Number(row.province_id)) ?? '';
        if (type && typeById(typeId)?.typeId !== type.typeId) continue;
        if (province && iso !== province) continue;
        const version = Number(row.version);
        const entry = entries.get(version) ?? {
          version,
          updatedAt: row.updated_at,
          lines: [],
          added: 0,
          removed: 0,
          moved: 0,
          renamed: 0,
        };
        entries.set(version, entry);
        const counts = [Number(row.added), Number(row.removed), Number(row.moved), Number(row.renamed)] as const;
        entry.added += counts[0];
        entry.removed += counts[1];
        entry.moved += counts[2];
        entry.renamed += counts[3];
        const where = `${typeById(typeId)?.titleEn ?? typeId}, ${PROVINCE.get(iso)?.name_en ?? iso}`;
        entry.lines.push(
          `${where}: ${counts[0]} added, ${counts[1]} removed, ${counts[2]} moved, ${counts[3]} renamed`,
        );
      }
      const origin = publicOrigin();
      const scope = `${type?.route ?? 'all'}/${province ?? 'all'}`;
      const list = [...entries.values()].sort((a, b) => b.version - a.version).slice(0, ENTRIES_MAX);
      const meta = await store.meta();
      const scopeName = [type?.titleEn, province ? PROVINCE.get(province)?.name_en : null].filter(Boolean).join(', ');
      const page = type ? `${origin}${pathOfRoute(type.route)}?lang=en` : `${origin}/?lang=en`;
      const self = `${origin}/api${request.url.slice(request.url.indexOf(FEED_PATH))}`;
      const xml = [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
        `<id>${stableUrn(`changes/${scope}`)}</id>`,
        `<title>Makan: what changed${scopeName ? ` (${esc(scopeName)})` : ''}</title>`,
        `<updated>${esc(list[0]?.updatedAt ?? meta.updatedAt)}</updated>`,
        '<author><name>Makan</name></author>',
        `<link rel="self" type="application/atom+xml" href="${esc(self)}"/>`,
        `<link rel="alternate" type="text/html" href="${esc(page)}"/>`,
        ...list.map((e) =>
          [
            '<entry>',
            `<id>${stableUrn(`changes/${scope}/v${e.version}`)}</id>`,
            `<title>Version ${e.version}: ${e.added} added, ${e.removed} removed, ${e.moved} moved, ${e.renamed} renamed</title>`,
            `<updated>${esc(e.updatedAt)}</updated>`,
            `<link rel="alternate" type="text/html" href="${esc(page)}"/>`,
            `<content type="text">${esc(e.lines.join('\n'))}</content>`,
            '</entry>',
          ].join(''),
        ),
        '</feed>',
      ].join('\n');
      return reply.type('application/atom+xml; charset=utf-8').send(xml);
    },
  );
}
