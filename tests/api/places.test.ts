/** Places by name (provinces and cities), over real HTTP, on both stores. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Place } from '../../domain/places';
import { PROVINCES } from '../../domain/provinces';
import { ApiClient, startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';

describe.each(STORE_KINDS)('%s store', (store) => {
  let server: TestServer;
  let api: ApiClient;
  const places = (query: string) => api.json<Place[]>(`/api/places?${query}`);
  const q = (text: string) => `q=${encodeURIComponent(text)}`;

  beforeAll(async () => {
    server = await startTestServer({ store, points: 200 });
    api = new ApiClient(server.baseUrl);
  });
  afterAll(() => server.stop());

  it('finds a city by its Persian name, with its province’s English name and a point in Iran', async () => {
    const [bojnurd] = await places(q('بجنورد'));
    expect(bojnurd).toMatchObject({ Name: 'بجنورد', Kind: 'city', Ostan: 'North Khorasan' });
    expect(bojnurd!.Lat).toBeCloseTo(37.47, 1);
    expect(bojnurd!.Long).toBeCloseTo(57.33, 1);
  });

  it('places towns in their own province: بیجار in Kurdistan, not South Khorasan; a county by its seat', async () => {
    const [bijar] = await places(q('بیجار'));
    expect(bijar).toMatchObject({ Name: 'بیجار', Ostan: 'Kurdistan' });
    expect([bijar!.Lat, bijar!.Long].map((v) => Math.round(v * 10) / 10)).toEqual([35.9, 47.6]);
    const [hashtgerd] = await places(q('هشتگرد'));
    expect(hashtgerd).toMatchObject({ Name: 'هشتگرد', Ostan: 'Alborz' });
  });

  it('finds provinces and towns by their English names too, and says them ("Tehran", "Bojnurd")', async () => {
    const tehran = await places(q('Tehran'));
    expect(tehran[0]).toMatchObject({ Name: 'تهران', Kind: 'province', NameEn: 'Tehran' });
    expect(tehran).toContainEqual(expect.objectContaining({ Name: 'تهران', Kind: 'city', NameEn: 'Tehran' }));
    const [bojnurd] = await places(q('bojnurd'));
    expect(bojnurd).toMatchObject({ Name: 'بجنورد', Kind: 'city', NameEn: 'Bojnurd', Ostan: 'North Khorasan' });
    expect((await places(q('Bandar Abbas')))[0]).toMatchObject({ Name: 'بندرعباس' });
  });

  it('reads a Latin name no English name contains as Finglish, and an English word as none', async () => {
    expect((await places(q('esfahan'))).map((p) => `${p.Name} ${p.Kind}`)).toEqual(['اصفهان province', 'اصفهان city']);
    expect((await places(q('bojnoord')))[0]).toMatchObject({ Name: 'بجنورد', NameEn: 'Bojnurd' });
    // A census county's seat the gazetteer gained from GeoNames (fix-gazetteer.ts), by either spelling.
    expect((await places(q('Malard')))[0]).toMatchObject({ Name: 'ملارد', Ostan: 'Tehran' });
    expect((await places(q('qarchak')))[0]).toMatchObject({ Name: 'قرچک' });
    // «چالدران» has its consonants, not its vowels.
    expect(await places(q('children'))).toEqual([]);
  });

  it('lists the province before its capital of the same name, and names that start with the text first', async () => {
    const found = await places(q('اصفهان'));
    expect(found[0]).toMatchObject({ Name: 'اصفهان', Kind: 'province', Ostan: 'Isfahan' });
    expect(found[1]).toMatchObject({ Name: 'اصفهان', Kind: 'city', Ostan: 'Isfahan' });
    const kerman = (await places(q('کرما'))).map((p) => p.Name);
    expect(kerman.slice(0, 3)).toEqual(['کرمان', 'کرمانشاه', 'کرمان']);
    // Short names that only contain the text (دورود, شاهرود) come after the longer ones that start with it.
    const rud = (await places(`${q('رود')}&limit=50`)).map((p) => p.Name);
    const lastStarting = rud.findLastIndex((name) => name.startsWith('رود'));
    const firstContaining = rud.findIndex((name) => !name.startsWith('رود'));
    expect(lastStarting).toBeGreaterThan(0);
    expect(lastStarting).toBeLessThan(firstContaining);
  });

  it('folds the text as everywhere else: Arabic ي and ك, a zero-width non-joiner, extra spaces', async () => {
    expect((await places(q('كرمانشاه')))[0]?.Name).toBe('کرمانشاه');
    expect((await places(q('  سيستان ')))[0]).toMatchObject({ Kind: 'province', Ostan: 'Sistan and Baluchestan' });
  });

  it('finds a province named for two regions written without its «و», as people also write it', async () => {
    expect((await places(q('چهارمحال بختیاری')))[0]).toMatchObject({ Name: 'چهارمحال و بختیاری', Kind: 'province' });
    expect((await places(q('سيستان بلوچستان')))[0]).toMatchObject({ Name: 'سیستان و بلوچستان' });
    expect((await places(q('کهگیلویه و بویراحمد')))[0]).toMatchObject({ Name: 'کهگیلویه و بویراحمد' });
  });

  it('has every province, under its table name', async () => {
    for (const province of PROVINCES) {
      const found = await places(`${q(province.name_fa)}&limit=50`);
      expect(found, province.name_fa).toContainEqual(
        expect.objectContaining({ Name: province.name_fa, Kind: 'province', Ostan: province.name_en }),
      );
    }
  });

  it('answers 8 places by default and at most the limit; nothing for blank text', async () => {
    expect(await places(q('آباد'))).toHaveLength(8);
    expect(await places(`${q('آباد')}&limit=3`)).toHaveLength(3);
    expect(await places(q('   '))).toEqual([]);
    expect(await places(q('zzzz'))).toEqual([]);
  });

  it.each([
    ['no q', ''],
    ['q too long', `q=${'a'.repeat(101)}`],
    ['limit 0', 'q=abc&limit=0'],
    ['limit 51', 'q=abc&limit=51'],
    ['an unknown parameter', 'q=abc&near=1'],
  ])('refuses %s with a 400 JSON error', async (_, query) => {
    const response = await api.request(`/api/places?${query}`);
    expect(response.status).toBe(400);
    expect((await response.json()) as object).toHaveProperty('message');
  });
});
