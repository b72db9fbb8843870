/**
 * Names that try to become markup are inert wherever the server writes them, on both stores. The importer refuses
 * markup (`<...>`), so these are written into the database the way another tool could write them; names the importer
 * does take (template braces, quotes, bidirectional overrides) arrive by an import, as staff would bring them. Each
 * page is parsed as a browser parses it (parse5): no element, attribute or script comes from the data; the names
 * are there as text, whole; JSON-LD and the app's answers read back to the same values; the Atom feed is
 * well-formed XML naming them. The same markup sent in a page's address, in every parameter each page route of the
 * registry declares (server/pages/pageRoutes.ts) and the filters, is as inert.
 */
import Database from 'better-sqlite3';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ANSWERS_ID } from '../../domain/pageAnswers';
import { typeByRoute } from '../../domain/locationTypes';
import { PROVINCES } from '../../domain/provinces';
import { FACET_KEYS } from '../../domain/filters';
import { PAGE_ROUTES } from '../../server/pages/pageRoutes';
import { reimportType, type CsvRow } from '../support/reimport';
import { startTestServer, STORE_KINDS, storedRecords, type TestServer } from '../support/testServer';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Written straight into the database: markup the importer would refuse. */
const NAME = '</script><script>alert(1)</script>"><img src=x onerror=alert(2)>';
const ADDRESS = "' onmouseover='alert(3)' <!-- <iframe src=javascript:alert(4)>";
const PHONE = '<a href="javascript:alert(5)">0511 222 3344</a>';
const FIELD = { Label: '<b onclick=alert(6)>label</b>', Value: '<svg onload=alert(7)>', Type: 'input' };
const FILE = { Label: 'file', Value: '"><script>alert(8)</script>.pdf', Type: 'file' };
/** What an import may bring: no angle brackets, but braces, quotes, ampersands and a right-to-left override. */
const IMPORTED = ['{{constructor.constructor("alert(9)")()}}', `مرکز \u202Efdp.exe\u202C "q" & 'a'`];

/** What a page shows of a value: the bidirectional controls dropped (server/pages/html.ts), the rest whole. */
const shown = (text: string) => text.replace(/[\u202a-\u202e\u2066-\u2069]/g, '');

function elements(node: Node, out: Element[] = []): Element[] {
  if ('tagName' in node) out.push(node);
  if ('childNodes' in node) for (const child of node.childNodes) elements(child, out);
  if ('content' in node && node.content) elements(node.content, out);
  return out;
}
const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;
const textOf = (node: Node): string =>
  'value' in node && node.nodeName === '#text'
    ? node.value
    : 'childNodes' in node
      ? node.childNodes.map(textOf).join('')
      : '';

/** The page parsed as a browser does; fails on anything the data could have made of it. */
function inertPage(page: string) {
  const all = elements(parse(page));
  for (const element of all) {
    const handlers = element.attrs.filter((a) => /^on/i.test(a.name)).map((a) => a.name);
    expect(handlers, `${element.tagName} with handlers`).toEqual([]);
    for (const a of element.attrs) expect(a.value, `${element.tagName} ${a.name}`).not.toMatch(/^\s*javascript:/i);
  }
  expect(all.filter((e) => ['iframe', 'object', 'embed', 'b'].includes(e.tagName)).map((e) => e.tagName)).toEqual([]);
  // Images: the logo only; scripts: the app's own (with a source), its answers and the page's JSON-LD as data.
  expect(all.filter((e) => e.tagName === 'img').map((e) => attr(e, 'src'))).toEqual(
    all.filter((e) => e.tagName === 'img').map(() => '/logo.svg'),
  );
  for (const script of all.filter((e) => e.tagName === 'script')) {
    const kind = attr(script, 'type');
    if (attr(script, 'src') !== undefined) expect(textOf(script)).toBe('');
    else expect(['application/json', 'application/ld+json'], `script ${kind}: ${textOf(script)}`).toContain(kind);
  }
  expect(all.filter((e) => e.tagName === 'svg').every((e) => attr(e, 'role') === 'img')).toBe(true);
  return {
    all,
    text: (selector: (e: Element) => boolean) => all.filter(selector).map(textOf),
    meta: (property: string) =>
      attr(
        all.find((e) => e.tagName === 'meta' && attr(e, 'property') === property)!,
        'content',
      ),
    json: (type: string) =>
      all
        .filter((e) => e.tagName === 'script' && attr(e, 'type') === type)
        .map((e) => JSON.parse(textOf(e)) as unknown),
  };
}

/** Writes the markup into the first three Centers, as SQL from another tool would. */
async function writeMarkup(db: string): Promise<void> {
  const centers = typeByRoute('Centers')!.typeId;
  const values = [NAME, ADDRESS, PHONE, JSON.stringify([FIELD, FILE]), centers];
  const sql = (p: (n: number) => string, yes: string) =>
    `UPDATE location SET name = ${p(1)}, address = ${p(2)}, phone = ${p(3)}, dynamic_fields = ${p(4)}, show_more_details = ${yes}
     WHERE id IN (SELECT l.id FROM location l JOIN location_type t ON t.id = l.type_id
                  WHERE lower(t.guid) = lower(${p(5)}) ORDER BY l.id LIMIT 3)`;
  if (db.startsWith('postgres')) {
    const client = new pg.Client({ connectionString: db });
    await client.connect();
    await client.query(
      sql((n) => `$${n}`, 'true'),
      values,
    );
    await client.end();
  } else {
    const sqlite = new Database(db);
    sqlite.prepare(sql(() => '?', '1')).run(...values);
    sqlite.close();
  }
}

async function get(server: TestServer, path: string): Promise<string> {
  const response = await fetch(server.baseUrl + path);
  expect(response.status, path).toBeLessThan(500);
  return response.text();
}

describe.each(STORE_KINDS)('%s store: hostile names are inert', (kind) => {
  let server: TestServer;
  let guid: string;
  let provinceEn: string;
  beforeAll(async () => {
    server = await startTestServer({ store: kind, points: 400, withClient: true, prepare: writeMarkup });
    const records = await storedRecords(server, typeByRoute('Centers')!.typeId);
    const marked = records.find((r) => r.name === NAME)!;
    guid = marked.guid;
    provinceEn = PROVINCES.find((p) => p.iso_3166_2 === marked.provinceIso)!.name_en;
  });
  afterAll(() => server.stop());

  it.each(['', '&lang=en'])("a location's page%s: its name, address, phone and fields are text", async (lang) => {
    const page = inertPage(await get(server, `/Centers?loc=${guid}${lang}`));
    expect(page.text((e) => e.tagName === 'h1')).toEqual([NAME]);
    expect(page.text((e) => e.tagName === 'title')[0]).toContain(NAME);
    expect(page.text((e) => e.tagName === 'dd').join('\n')).toContain(ADDRESS);
    expect(page.text((e) => e.tagName === 'dd').join('\n')).toContain(FIELD.Value);
    expect(page.text((e) => e.tagName === 'dt').join('\n')).toContain(FIELD.Label);
    expect(page.meta('og:title')).toContain(NAME);
    expect(page.meta('og:description')).toContain(ADDRESS);
    const [ld] = page.json('application/ld+json') as [{ name: string; address: { streetAddress: string } }];
    expect(ld.name).toBe(NAME);
    expect(ld.address.streetAddress).toBe(ADDRESS);
    // The file's link goes to the files route, its stored name one path segment.
    const links = page.all.filter((e) => e.tagName === 'a').map((e) => attr(e, 'href')!);
    expect(links).toContain(`/api/files/${encodeURIComponent(FILE.Value)}`);
  });

  it("a province's list and a search: the names and the asked text are text", async () => {
    const list = inertPage(await get(server, `/list?type=Centers&province=${encodeURIComponent(provinceEn)}`));
    expect(list.text((e) => e.tagName === 'a' && (attr(e, 'href') ?? '').includes(guid))).toEqual([NAME]);
    const asked = '"><img src=x onerror=alert(10)>{{7*7}}';
    const search = inertPage(await get(server, `/search?type=Centers&q=${encodeURIComponent(asked)}`));
    expect(search.text((e) => e.tagName === 'h1')[0]).toContain(asked);
    expect(
      search.all.filter((e) => e.tagName === 'input' && attr(e, 'name') === 'q').map((e) => attr(e, 'value')),
    ).toEqual([asked]);
  });

  it("a type's page hands the app its answers as data that reads back whole", async () => {
    for (const path of ['/Centers', '/Centers?tab=stats&lang=en']) {
      const page = inertPage(await get(server, path));
      expect(
        page.all.some((e) => attr(e, 'id') === PAGE_ANSWERS_ID),
        path,
      ).toBe(true);
      expect(page.json('application/json')).toHaveLength(1);
    }
  });

  it('names an import brings are text in the pages and in a well-formed Atom feed', async () => {
    let renamed: CsvRow[] = [];
    await reimportType(
      server,
      'Centers',
      (rows) => {
        renamed = rows.filter((r) => r['NameMakanAmoozeshi'] !== NAME).slice(0, IMPORTED.length);
        renamed.forEach((row, i) => (row['NameMakanAmoozeshi'] = IMPORTED[i]!));
        // The rows written with markup go back without it: the importer would refuse the file otherwise.
        for (const row of rows) for (const key of Object.keys(row)) row[key] = row[key]!.replace(/[<>]/g, '');
      },
      'hostile-names',
    );
    for (const [i, row] of renamed.entries()) {
      const page = inertPage(await get(server, `/Centers?loc=${row['Guid']}`));
      expect(page.text((e) => e.tagName === 'h1')).toEqual([shown(IMPORTED[i]!)]);
      expect(page.meta('og:title')).toContain(shown(IMPORTED[i]!));
      expect((page.json('application/ld+json')[0] as { name: string }).name).toBe(IMPORTED[i]);
    }
    for (const lang of ['fa', 'en']) {
      const xml = await get(server, `/api/feeds/changes.atom?type=Centers&lang=${lang}`);
      expect(XMLValidator.validate(xml)).toBe(true);
      const feed = new XMLParser({ htmlEntities: true, isArray: (name) => name === 'entry' }).parse(xml).feed as {
        entry: { content: string }[];
      };
      for (const name of IMPORTED) expect(feed.entry[0]!.content).toContain(shown(name));
      expect(xml).not.toMatch(/<(script|img|iframe)/i);
    }
  });
  it('values in a page’s address are inert on every page the server makes (each query it declares, swept)', async () => {
    // One route of each query schema (the type pages share one), each parameter it declares and the filters.
    const seen = new Set<unknown>();
    const routes = PAGE_ROUTES.filter((route) => {
      if (route.kind !== 'page' || !route.querystring || seen.has(route.querystring)) return false;
      seen.add(route.querystring);
      return true;
    });
    expect(routes.map((route) => route.url)).toEqual(expect.arrayContaining(['/list', '/search']));
    const values = [NAME, ADDRESS, PHONE, ...IMPORTED, '%ED%A0%80', '"'.repeat(900)];
    for (const route of routes)
      for (const key of [...Object.keys(route.querystring!.properties), ...FACET_KEYS])
        for (const value of values) {
          const raw = value.startsWith('%') ? value : encodeURIComponent(value);
          const response = await fetch(`${server.baseUrl}${route.url}?${key}=${raw}`);
          expect(response.status, `${route.url} ${key}`).toBeLessThan(500);
          const page = await response.text();
          if ((response.headers.get('content-type') ?? '').startsWith('text/html')) inertPage(page);
        }
  });
});
