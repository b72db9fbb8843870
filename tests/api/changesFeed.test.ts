/**
 * The Atom feed of what imports changed, on both stores: well-formed XML with what RFC 4287 requires of a feed
 * and of each entry, one entry per version that changed the scope, and ids that stay the same when later
 * imports add entries above them.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reimportType } from '../support/reimport';
import { startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';

interface AtomEntry {
  id: string;
  title: string;
  updated: string;
  content: { '#text': string; '@_type': string };
}

async function readFeed(server: TestServer, query: string) {
  const response = await fetch(`${server.baseUrl}/api/feeds/changes.atom${query}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
  const xml = await response.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const feed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'entry' || name === 'link' }).parse(
    xml,
  ).feed as Record<string, unknown> & { entry?: AtomEntry[]; link: { '@_rel': string; '@_href': string }[] };
  // RFC 4287 4.1.1: a feed has an id, a title, an updated time, an author (or every entry has one), a self link.
  expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
  for (const element of ['id', 'title', 'updated', 'author']) expect(feed[element], element).toBeTruthy();
  expect(feed.link.some((l) => l['@_rel'] === 'self' && l['@_href'].endsWith(`/api/feeds/changes.atom${query}`))).toBe(
    true,
  );
  const entries = feed.entry ?? [];
  for (const entry of entries) {
    expect(entry.id).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.isNaN(Date.parse(entry.updated))).toBe(false);
    expect(entry.title).toMatch(query.includes('lang=en') ? /^Version \d+: / : /^نسخه [۰-۹]+: /);
    expect(entry.content['@_type']).toBe('text');
  }
  return { feed, entries };
}

describe.each(STORE_KINDS)('the Atom feed of changes (%s store)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ store: kind, points: 800 });
  });
  afterAll(() => server.stop());

  /** Renames the first `n` Centers by a suffix, as one import. */
  async function renameCenters(suffix: string, n = 2): Promise<Record<string, string>[]> {
    const rows = await reimportType(
      server,
      'Centers',
      (rows) => {
        for (const row of rows.slice(0, n)) row['NameMakanAmoozeshi'] += suffix;
      },
      'feed',
    );
    return rows.slice(0, n);
  }

  it('lists each import that changed the type, newest first, with ids that never change', async () => {
    // The seeded data's own import is the oldest entry.
    const before = (await readFeed(server, '?type=Centers&lang=en')).entries.length;
    const renamed = await renameCenters(' الف');
    const first = await readFeed(server, '?type=Centers&lang=en');
    expect(first.entries).toHaveLength(before + 1);
    expect(first.entries[0]!.title).toMatch(/0 added, 0 removed, 0 moved, 2 renamed/);
    // The entry names the locations it changed, with their type and province.
    for (const row of renamed)
      expect(first.entries[0]!.content['#text']).toContain(
        `${row['NameMakanAmoozeshi']} (TVTO centres, ${row['Ostan']})`,
      );

    await renameCenters(' ب', 1);
    const second = await readFeed(server, '?type=Centers&lang=en');
    expect(second.entries).toHaveLength(before + 2);
    // The older entries are the same entries: same ids, same times; the new one is above them.
    expect(second.entries.slice(1)).toEqual(first.entries);
    expect(second.entries[0]!.id).not.toBe(first.entries[0]!.id);
    expect(second.feed['id']).toBe(first.feed['id']);

    // A province's feed has only the entries that touched it; another type's has none of these.
    const province = renamed[0]!['Ostan']!;
    const iso = (await import('../../domain/provinces')).PROVINCES.find((p) => p.name_en === province)!.iso_3166_2;
    const inProvince = await readFeed(server, `?type=Centers&province=${iso}&lang=en`);
    expect(inProvince.entries.length).toBeGreaterThan(0);
    expect(inProvince.entries.every((e) => e.content['#text'].includes(province))).toBe(true);
    expect(inProvince.feed['id']).not.toBe(second.feed['id']);
    const academy = (await readFeed(server, '?type=Academy&lang=en')).entries;
    expect(academy.every((e) => !second.entries.slice(0, 2).some((c) => c.id === e.id))).toBe(true);
    // All types together.
    expect((await readFeed(server, '?lang=en')).entries.length).toBeGreaterThanOrEqual(2);
    // In Persian, the site's own language, unless asked otherwise: the same entries, in Persian words.
    const persian = await readFeed(server, '?type=Centers');
    expect(persian.feed['@_xml:lang']).toBe('fa');
    expect(persian.entries.map((e) => e.id)).toEqual(second.entries.map((e) => e.id));
    expect(persian.entries[0]!.content['#text']).toContain(`${renamed[0]!['NameMakanAmoozeshi']} ب (مراکز سازمان، `);
  });

  it('refuses a type or province it does not know in words, in the feed’s language, not as the API’s JSON', async () => {
    for (const [query, words] of [
      ['?type=Nonsense', 'نوع مکانی'],
      ['?province=IR-99&lang=en', 'There is no province “IR-99”: the provinces’ codes run from IR-00 to IR-30.'],
      ['?province=Tehran', 'استانی با کد «Tehran» نیست'],
    ]) {
      const response = await fetch(`${server.baseUrl}/api/feeds/changes.atom${query}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await response.text()).toContain(words);
    }
  });
});
