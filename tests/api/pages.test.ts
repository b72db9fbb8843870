/**
 * The pages the server renders, over real HTTP on both stores: the answer in the HTML within the first round
 * trip's bytes (brotli, measured as sent), the counts as the chart data has them, a province's list, a
 * location's page with its tel: links and JSON-LD, the search form's answers, the sitemap and robots.txt,
 * ETags, and the refusals (a short, a long and an unknown query, too many searches).
 */
import { request } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChartRow, LocatedDetail, PiePoint } from '../../domain/gateway';
import { chartDataPath, piePath } from '../../domain/callPaths';
import { NO_FILTERS } from '../../domain/filters';
import type { PageAnswers } from '../../domain/pageAnswers';
import { DISTINCT_TYPES, LOCATION_TYPES, typeByRoute } from '../../domain/locationTypes';
import { PROVINCES } from '../../domain/provinces';
import { PAGE_WORDS } from '../../server/pages/pageWords';
import { valueNameIn } from '../../domain/valueNames';
import type { NearestResult } from '../../domain/search';
import type { FacetsAnswer, NearestOfType, Place } from '../../domain/wire/answers';
import { ApiClient, startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';

const centers = typeByRoute('Centers')!;
/** What the first round trip of a new connection carries: 10 TCP segments. */
const FIRST_ROUND_TRIP = 14_600;
const persian = new Intl.NumberFormat('fa-IR');
const english = new Intl.NumberFormat('en-US');

interface Sent {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as it crossed the wire. */
  wire: Buffer;
  html: string;
}

/** A GET as a browser sends it (brotli accepted), its body measured before it is decompressed. */
function get(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'br, gzip', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const html = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(wire).toString() : wire.toString();
        resolve({ status: res.statusCode!, headers: res.headers, wire, html });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const textOf = (html: string, id: string) =>
  new RegExp(`id="${id}"[^>]*>([\\s\\S]*?)</`).exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '';

/** The answers a page hands to the app that takes it over. */
const pageAnswersOf = (html: string): PageAnswers =>
  JSON.parse(/<script type="application\/json" id="page-answers">([^<]*)<\/script>/.exec(html)![1]!) as PageAnswers;

describe.each(STORE_KINDS)('%s store', (store) => {
  let server: TestServer;
  let api: ApiClient;
  let rows: ChartRow[];

  beforeAll(async () => {
    server = await startTestServer({ store, points: 3000, withClient: true, rateLimit: 40 });
    api = new ApiClient(server.baseUrl);
    rows = await api.json<ChartRow[]>(`/api/TVTOBase/OrglocationChartData/${centers.typeId}`);
  });
  afterAll(() => server.stop());

  it('sends /, /Centers and /Centers?lang=en within the first round trip, with the counts, the table and the map', async () => {
    const total = rows.reduce((sum, r) => sum + r.Count, 0);
    for (const [path, digits] of [
      ['/Centers', persian],
      ['/Centers?lang=en', english],
    ] as const) {
      const page = await get(server.baseUrl, path);
      expect(page.status).toBe(200);
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.wire.length).toBeLessThanOrEqual(FIRST_ROUND_TRIP);
      expect(textOf(page.html, 'ssr-total')).toContain(digits.format(total));
      // Every province a row with its count, and a shape on the map.
      const table = /<table id="ssr-provinces">[\s\S]*?<\/table>/.exec(page.html)![0];
      for (const row of rows) {
        const name = digits === persian ? row.OstanName : row.LocationEnName;
        expect(table).toMatch(new RegExp(`>${name}</a></th><td class="n">${digits.format(row.Count)}<`));
      }
      const svg = /<svg[^>]*role="img"[\s\S]*?<\/svg>/.exec(page.html)![0];
      expect(svg.match(/<path /g)).toHaveLength(PROVINCES.length);
      // The app takes the page over: its script is still there.
      expect(page.html).toMatch(/<script type="module"[^>]*src="\/assets\//);
    }
    // The app that takes the page over is handed what it shows, as the API answers it (it does not ask again).
    const { version, answers } = pageAnswersOf((await get(server.baseUrl, '/Centers')).html);
    expect(answers[chartDataPath(centers.typeId, NO_FILTERS)]).toEqual(rows);
    expect(answers['meta']).toEqual(await api.json('/api/meta'));
    expect(version).toBe((await api.json<{ version: number }>('/api/meta')).version);
    // The statistics tab says its figures as a sentence: the province with the most, as the chart data has it.
    const stats = await get(server.baseUrl, '/Centers?tab=stats');
    const top = [...rows].sort((a, b) => b.Count - a.Count)[0]!;
    expect(textOf(stats.html, 'ssr-sentence')).toContain(`بیشترین: ${top.OstanName} با ${persian.format(top.Count)}`);
    // ...and how many provinces have none, in the singular for one ("1 provinces have none" was written before).
    const none = PROVINCES.length - rows.filter((row) => row.Count > 0).length;
    for (const [language, digits] of [
      ['fa', persian],
      ['en', english],
    ] as const) {
      const sentence = textOf((await get(server.baseUrl, `/Centers?tab=stats&lang=${language}`)).html, 'ssr-sentence');
      expect(sentence).toContain(PAGE_WORDS[language].none(none, digits.format(none)));
    }
    expect(PAGE_WORDS.en.none(1, '1')).toBe('1 province has none');
    expect(PAGE_WORDS.fa.none(1, '۱')).toBe('۱ استان هیچ مکانی ندارد');
    expect(stats.html).toMatch(/<a href="\/Centers\?tab=stats" aria-current="page">/);
    // While the app has not taken over, or where it cannot, a line says the map is not there.
    expect(textOf(stats.html, 'ssr-note')).toContain('نقشه تعاملی');
    // Its pie as a table, and handed to the app as the API's pie answers it.
    const pie = await api.json<PiePoint[]>(`/api/TVTOBase/OrglocationPie/${centers.typeId}/All`);
    expect(pageAnswersOf(stats.html).answers[piePath(centers.typeId, 'All', NO_FILTERS)]).toEqual(pie);
    const genders = /<table id="ssr-gender">[\s\S]*?<\/table>/.exec(stats.html)![0];
    for (const slice of pie.filter((p) => p.Name.trim() !== ''))
      expect(genders).toContain(`<th scope="row">${slice.Name}</th><td class="n">${persian.format(slice.Count)}<`);
    const home = await get(server.baseUrl, '/');
    expect(home.wire.length).toBeLessThanOrEqual(FIRST_ROUND_TRIP);
    expect(home.html).toContain(`<h1>${typeByRoute('')!.titleFa}</h1>`);
  });

  it('says who it is for search engines and previews: title, description with the count, canonical, hreflang', async () => {
    const page = await get(server.baseUrl, '/Centers?lang=en');
    const total = english.format(rows.reduce((sum, r) => sum + r.Count, 0));
    expect(page.html).toMatch(new RegExp(`<title>TVTO centres: ${total} \\|`));
    expect(page.html).toMatch(new RegExp(`<meta name="description" content="${total} locations of`));
    expect(page.html).toContain(`<link rel="canonical" href="${server.baseUrl}/Centers?lang=en">`);
    expect(page.html).toContain(`<link rel="alternate" hreflang="fa" href="${server.baseUrl}/Centers">`);
    expect(page.html).toContain('<meta property="og:title"');
    expect(page.html).toMatch(/<html lang="en" dir="ltr">/);
  });

  it('draws in the font the app bundles from its own head: the regular face of each subset, its files served', async () => {
    for (const path of ['/Centers', '/Centers?lang=en', '/list?type=Centers&province=Tehran']) {
      const page = await get(server.baseUrl, path);
      const head = page.html.slice(0, page.html.indexOf('</head>'));
      const faces = head.match(/@font-face\{[^}]*\}/g) ?? [];
      expect(faces.map((face) => /vazirmatn-([a-z-]+)-400-normal-[\w-]+\.woff2/.exec(face)?.[1]).sort()).toEqual([
        'arabic',
        'latin',
        'latin-ext',
      ]);
      for (const face of faces)
        expect(face).toMatch(/font-family:\s*Vazirmatn;.*font-display:\s*swap;.*unicode-range:/);
      expect(head).toMatch(/font-family:\s*Vazirmatn,/);
    }
    const page = await get(server.baseUrl, '/Centers');
    for (const url of page.html.match(/\/assets\/vazirmatn-[a-z-]+-400-normal-[\w-]+\.woff2/g) ?? []) {
      const font = await fetch(`${server.baseUrl}${url}`);
      expect(font.status).toBe(200);
      expect(font.headers.get('content-type')).toBe('font/woff2');
    }
  });

  it('lists every type once, the page’s own marked current (the root’s is the main offices)', async () => {
    for (const [path, current] of [
      ['/Centers', 'Centers'],
      ['/', 'MainOffice'],
    ] as const) {
      const page = await get(server.baseUrl, path);
      const list = /<ul class="ssr-types">([\s\S]*?)<\/ul>/.exec(page.html)![1]!;
      const hrefs = [...list.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
      expect(hrefs).toEqual(DISTINCT_TYPES.map((t) => `/${t.route}`));
      expect(/<a href="([^"]*)" aria-current="page">/.exec(list)?.[1]).toBe(`/${current}`);
    }
  });

  // The browser suite opens one route and reaches the others within the app (tests/e2e/shell.test.ts): a link to
  // any of them, opened first, is this page.
  it('answers every catalogue route with its own page: its title, and the app that takes it over', async () => {
    for (const type of LOCATION_TYPES) {
      const page = await get(server.baseUrl, `/${type.route}`);
      expect(page.status, type.route).toBe(200);
      expect(page.headers['content-type'], type.route).toMatch(/^text\/html/);
      expect(/<title>([^<]*)<\/title>/.exec(page.html)?.[1], type.route).toContain(type.titleFa);
      expect(page.html, type.route).toMatch(/<script type="module"[^>]* src="\/assets\/index-[^"]+\.js"/);
    }
  });

  it('answers a repeat with 304 by its ETag, named by the dataset version', async () => {
    const first = await get(server.baseUrl, '/Centers');
    const etag = first.headers.etag as string;
    const { version } = await api.json<{ version: number }>('/api/meta');
    expect(etag).toMatch(new RegExp(`^W/"v${version}-`));
    const again = await get(server.baseUrl, '/Centers', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.wire.length).toBe(0);
  });

  it('lists a province’s locations, each linking to its page, which has its fields, tel: links, the ways there and JSON-LD', async () => {
    const tehran = rows.find((r) => r.LocationEnName === 'Tehran')!;
    const list = await get(server.baseUrl, '/list?type=Centers&province=Tehran');
    expect(list.status).toBe(200);
    expect(textOf(list.html, 'ssr-list-count')).toContain(persian.format(tehran.Count));
    const links = [...list.html.matchAll(/<li><a href="\/Centers\?loc=([0-9a-f-]{36})" dir="auto">([^<]*)<\/a>/gi)];
    expect(links).toHaveLength(Math.min(100, tehran.Count));
    // Plain HTML: the app has no screen for a list, so no script.
    expect(list.html).not.toContain('type="module"');
    const [, guid, name] = links[0]!;
    const detail = await api.json<LocatedDetail>(`/api/TVTOBase/GetMapLocationDetailsx/${guid}`);
    const page = await get(server.baseUrl, `/Centers?loc=${guid}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<h1 dir="auto">${name}</h1>`);
    if (detail.PhoneNumber.trim()) expect(page.html).toMatch(/<a href="tel:\+?[0-9]+"/);
    // The Persian page writes the phone in Persian digits, in its own alignment (only the number left to right).
    if (detail.PhoneNumber.trim()) expect(page.html).toMatch(/<dd><a href="tel:[^"]+"><bdi dir="ltr">[۰-۹]/);
    // Its type is named once (the tab back to it), not again under the name.
    const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(page.html)![1]!;
    expect(main.split(centers.titleFa).length - 1).toBe(1);
    // A file is offered by what it is, not by its stored name.
    let withFile: LocatedDetail | undefined;
    let fileGuid = '';
    for (const [, other] of links.slice(0, 30)) {
      const found = await api.json<LocatedDetail>(`/api/TVTOBase/GetMapLocationDetailsx/${other}`);
      if (found.daynamicFields.some((f) => f.Type === 'file')) {
        [withFile, fileGuid] = [found, other!];
        break;
      }
    }
    expect(withFile).toBeDefined();
    const filePage = await get(server.baseUrl, `/Centers?loc=${fileGuid}`);
    const file = withFile!.daynamicFields.find((f) => f.Type === 'file')!;
    expect(/<a href="\/api\/files\/[^"]*">[^<]*<\/a>/.exec(filePage.html)?.[0]).toBe(
      `<a href="/api/files/${encodeURIComponent(file.Value)}">دریافت فایل (PDF)</a>`,
    );
    expect(filePage.html).not.toContain(`>${file.Value}</a>`);
    expect(page.html).toContain('https://www.openstreetmap.org/directions');
    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(page.html)![1]!) as {
      '@type': string;
      name: string;
      geo: { latitude: number; longitude: number };
    };
    expect(ld['@type']).toBe('EducationalOrganization');
    expect(ld.name).toBe(detail.NameMakanAmoozeshi);
    expect(ld.geo.latitude).toBeCloseTo(detail.Lat!, 6);
    const gone = await get(server.baseUrl, '/Centers?loc=00000000-0000-0000-0000-000000000001');
    expect(gone.status).toBe(404);
  });

  it('answers the search form: a town typed with Arabic letters gives the nearest as the API does; a name its matches', async () => {
    const [kerman] = await api.json<Place[]>(`/api/places?q=${encodeURIComponent('کرمان')}`);
    const nearest = await api.json<NearestResult[]>(
      `/api/nearest/${centers.typeId}?lat=${kerman!.Lat}&lon=${kerman!.Long}`,
    );
    const page = await get(server.baseUrl, `/search?q=${encodeURIComponent('كرمان')}&type=Centers`);
    expect(page.status).toBe(200);
    const listed = [
      ...(/<ol id="ssr-nearest">[\s\S]*?<\/ol>/.exec(page.html)?.[0] ?? '').matchAll(/loc=([0-9a-f-]{36})/gi),
    ];
    expect(listed.map((m) => m[1])).toEqual(nearest.map((n) => n.Guid));
    const name = nearest[0]!.Name;
    const byName = await get(server.baseUrl, `/search?q=${encodeURIComponent(name)}&type=Centers&lang=en`);
    expect(byName.html).toMatch(/<ul id="ssr-names">/);
    expect(byName.html).toContain(`>${name}</a>`);
  });

  it('with no script, answers a trade for women near a town as the app does, each row saying whom it admits and its phone', async () => {
    const [bojnurd] = await api.json<Place[]>(`/api/places?q=${encodeURIComponent('بجنورد')}`);
    const women = `gender=${encodeURIComponent('زنانه')}&gender=${encodeURIComponent('مختلط')}`;
    const expected = await api.json<NearestOfType[]>(
      `/api/trades/nearest?trade=${encodeURIComponent('خیاطی')}&lat=${bojnurd!.Lat}&lon=${bojnurd!.Long}&${women}`,
    );
    expect(expected.length).toBeGreaterThan(0);
    // From the landing page (its offices teach nothing), as a person fills the form: a trade, a town, for women.
    const page = await get(
      server.baseUrl,
      `/search?q=${encodeURIComponent('خياط')}&near=${encodeURIComponent('بجنورد')}&for=women&type=`,
    );
    expect(page.status).toBe(200);
    const list = /<ol id="ssr-trade-nearest">([\s\S]*?)<\/ol>/.exec(page.html)?.[1] ?? '';
    expect([...list.matchAll(/loc=([0-9a-f-]{36})/gi)].map((m) => m[1])).toEqual(expected.map((r) => r.Guid));
    const rows = list.split('</li>').filter((row) => row.includes('<li>'));
    for (const [i, row] of rows.entries()) {
      expect(row).toContain(valueNameIn(expected[i]!.Gender, 'fa'));
      expect(['زنانه', 'مختلط']).toContain(expected[i]!.Gender);
      expect(row).toContain(persian.format(Number(expected[i]!.DistanceKm.toFixed(1))));
    }
    const detail = await api.json<LocatedDetail>(`/api/TVTOBase/GetMapLocationDetailsx/${expected[0]!.Guid}`);
    // Its phone to call, in Persian digits on the Persian page.
    if (detail.PhoneNumber.trim()) expect(rows[0]).toMatch(/<a href="tel:\+?[0-9]+"><bdi dir="ltr">[۰-۹]/);
    // The form keeps what was asked: the audience chosen, the town.
    expect(page.html).toContain('<option value="women" selected>');
    expect(page.html).toContain(`name="near" value="بجنورد"`);
    // Without a town: where it is taught, and the ask for a town.
    const noTown = await get(server.baseUrl, `/search?q=${encodeURIComponent('خیاطی')}&type=&lang=en`);
    expect(textOf(noTown.html, 'ssr-name-town')).toContain('write your town');
    // An audience that is not one, and a town too long, change nothing and break nothing.
    const odd = await get(
      server.baseUrl,
      `/search?q=${encodeURIComponent('خیاطی')}&for=cats&near=${'ب'.repeat(500)}&type=`,
    );
    expect(odd.status).toBe(200);
    expect(odd.html).not.toContain('id="ssr-filters"');
  });

  it('lists a province with whom each place admits and its phone, in the page’s digits', async () => {
    const list = await get(server.baseUrl, '/list?type=Centers&province=Tehran');
    const rows = (/<ol[^>]*id="ssr-list">([\s\S]*?)<\/ol>/.exec(list.html)?.[1] ?? '').split('</li>').filter((r) => r);
    expect(rows.length).toBeGreaterThan(0);
    const guid = /loc=([0-9a-f-]{36})/i.exec(rows[0]!)![1]!;
    const detail = await api.json<LocatedDetail>(`/api/TVTOBase/GetMapLocationDetailsx/${guid}`);
    if (detail.Gender.trim()) expect(rows[0]).toContain(valueNameIn(detail.Gender, 'fa'));
    if (detail.PhoneNumber.trim()) expect(rows[0]).toMatch(/tel:[^"]+"><bdi dir="ltr">[۰-۹]/);
  });

  it('answers under the address’s filters as the API does: counts, lists and the nearest, each link keeping them', async () => {
    const facets = await api.json<FacetsAnswer>(`/api/facets/${centers.typeId}`);
    const gender = facets.gender.find((f) => f.Value.trim() !== '' && f.Count > 0)!.Value;
    const filter = `gender=${encodeURIComponent(gender)}`;
    const filtered = await api.json<ChartRow[]>(`/api/TVTOBase/OrglocationChartData/${centers.typeId}?${filter}`);
    const page = await get(server.baseUrl, `/Centers?${filter}`);
    expect(page.status).toBe(200);
    const total = filtered.reduce((sum, r) => sum + r.Count, 0);
    expect(total).toBeLessThan(rows.reduce((sum, r) => sum + r.Count, 0));
    expect(textOf(page.html, 'ssr-total')).toContain(persian.format(total));
    expect(textOf(page.html, 'ssr-filters')).toContain(gender);
    // The English page says the data's values in English, as the app's filters do.
    const english = await get(server.baseUrl, `/Centers?${filter}&lang=en`);
    expect(textOf(english.html, 'ssr-filters')).toContain(`Gender: ${valueNameIn(gender, 'en')}`);
    expect(valueNameIn(gender, 'en')).not.toBe(gender);
    expect(page.html).toContain(`<link rel="canonical" href="${server.baseUrl}/Centers?${filter}">`);
    // The way back to every location, and the filters kept on the tabs, the lists and the search form.
    expect(page.html).toMatch(/id="ssr-filters"[^]*?<a href="\/Centers">/);
    expect(page.html).toContain(`href="/Centers?tab=stats&amp;${filter}"`);
    expect(pageAnswersOf(page.html).answers[`TVTOBase/OrglocationChartData/${centers.typeId}?${filter}`]).toEqual(
      filtered,
    );
    const tehran = filtered.find((r) => r.LocationEnName === 'Tehran')!;
    expect(page.html).toContain(`href="/list?type=Centers&amp;province=Tehran&amp;${filter}"`);
    expect(page.html).toContain(`<input type="hidden" name="gender" value="${gender}">`);
    const list = await get(server.baseUrl, `/list?type=Centers&province=Tehran&${filter}`);
    expect(textOf(list.html, 'ssr-list-count')).toContain(persian.format(tehran.Count));
    // A search from the filtered page: the nearest under the same filters, as the API answers them.
    const [kerman] = await api.json<Place[]>(`/api/places?q=${encodeURIComponent('کرمان')}`);
    const nearest = await api.json<NearestResult[]>(
      `/api/nearest/${centers.typeId}?lat=${kerman!.Lat}&lon=${kerman!.Long}&${filter}`,
    );
    const search = await get(server.baseUrl, `/search?q=${encodeURIComponent('کرمان')}&type=Centers&${filter}`);
    const listed = [
      ...(/<ol id="ssr-nearest">[\s\S]*?<\/ol>/.exec(search.html)?.[0] ?? '').matchAll(/loc=([0-9a-f-]{36})/gi),
    ];
    expect(listed.map((m) => m[1])).toEqual(nearest.map((n) => n.Guid));
    // Past the API's limits on filters: refused with the reason, as the API refuses them.
    const many = Array.from({ length: 31 }, (_, i) => `gender=v${i}`).join('&');
    const refused = await get(server.baseUrl, `/Centers?${many}&lang=en`);
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('at most 30 values');
    expect((await get(server.baseUrl, `/Centers?gender=${'x'.repeat(201)}`)).status).toBe(400);
  });

  it('lists every route, list and location page in both languages in a sitemap named by version; robots.txt points at it', async () => {
    const robots = await get(server.baseUrl, '/robots.txt');
    expect(robots.html).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
    const index = await get(server.baseUrl, '/sitemap.xml');
    const { version } = await api.json<{ version: number }>('/api/meta');
    const files = [...index.html.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
    expect(files).toEqual([`${server.baseUrl}/sitemap-v${version}-1.xml`]);
    const file = await get(server.baseUrl, `/sitemap-v${version}-1.xml`);
    const urls = [...file.html.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    const { locations } = await api.json<{ locations: number }>('/api/meta');
    // Each route (its statistics too where it has them), each type's lists and locations once, in both languages.
    const routes = LOCATION_TYPES.length + LOCATION_TYPES.filter((t) => t.statsEnabled).length;
    const types = new Set(LOCATION_TYPES.map((t) => t.typeId)).size;
    expect(urls).toHaveLength(2 * (routes + types * PROVINCES.length + locations));
    expect(urls).toContain(`${server.baseUrl}/Centers?tab=stats&lang=en`);
    expect(urls).toContain(`${server.baseUrl}/list?type=Centers&province=Tehran`);
    expect(urls.filter((u) => u.includes('?loc=') && !u.includes('lang=en'))).toHaveLength(locations);
    expect((await get(server.baseUrl, `/sitemap-v${version + 1}-1.xml`)).status).not.toBe(200);
  });

  // Last: it spends this client's allowance, which every page that costs work (a sitemap too) counts against.
  it('refuses a short, a long or an unknown query with the reason, and too many searches, lists or filtered pages from one client', async () => {
    const short = await get(server.baseUrl, '/search?q=a&type=Centers');
    expect(short.status).toBe(400);
    expect(short.html).toContain('دست‌کم دو حرف');
    const long = await get(server.baseUrl, `/search?q=${'ب'.repeat(500)}&type=Centers&lang=en`);
    expect(long.status).toBe(400);
    expect(long.html).toContain('at most 100 characters');
    expect((await get(server.baseUrl, '/list?type=Centers&province=Atlantis')).status).toBe(404);
    expect((await get(server.baseUrl, '/search?q=abc&type=Nowhere')).status).toBe(404);
    let limited = 0;
    for (let i = 0; i < 45 && limited === 0; i++)
      if ((await get(server.baseUrl, `/search?q=${encodeURIComponent(`مرکز ${i}`)}&type=Centers`)).status === 429)
        limited++;
    expect(limited).toBe(1);
    // One count for every page that reads more than the kept figures: a filtered page is refused now too, a page
    // as it is never is (the figures kept in memory).
    expect((await get(server.baseUrl, '/Centers?legal=x')).status).toBe(429);
    expect((await get(server.baseUrl, '/list?type=Centers&province=Tehran')).status).toBe(429);
    for (let i = 0; i < 45; i++) expect((await get(server.baseUrl, '/Centers')).status).toBe(200);
  });
});
