/**
 * GET /api/ask over real HTTP on both stores: the written question set understood as the grammar reads it (at
 * least 95% exactly) over the trades the database itself teaches; each kind of answer checked against the
 * calls that already answer it, or against every stored record; refusals with their reasons; many questions
 * at once answered alike; odd headers changing nothing; the rate limit holding.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCES } from '../../domain/audiences';
import { TEACHING_TYPES, typeByRoute } from '../../domain/locationTypes';
import { PROVINCES } from '../../domain/provinces';
import { foldText } from '../../domain/text';
import { isTradeLabel, tradesIn } from '../../domain/trades';
import type { AskAnswer } from '../../domain/wire/ask';
import type { NearestOfType, NearestResult } from '../../domain/wire/answers';
import type { LocationRecord } from '../../server/store/importRecords';
import { TRADES } from '../../server/seed/vocabulary';
import { describeScore, loadAskQuestions, scoreReadings } from '../../tools/test/askQuestionSet';
import { ApiClient, startTestServer, storedRecords, STORE_KINDS, type TestServer } from '../support/testServer';

const academy = typeByRoute('Academy')!;
const centers = typeByRoute('Centers')!;
const BOJNURD = { lat: 37.47473, lon: 57.32903 };
const SEWING = 'خیاطی';
const WOMEN: readonly string[] = AUDIENCES.find((a) => a.key === 'women')!.genders;
const NORTH_KHORASAN = PROVINCES.find((p) => p.name_en === 'North Khorasan')!.iso_3166_2;

const BOJNURD_PLACE = { Lat: BOJNURD.lat, Long: BOJNURD.lon };

/** Great-circle kilometres between a record and a place, as the server measures them. */
function kmBetween(record: { lat: number; lon: number }, place: { Lat: number; Long: number }): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((record.lat - place.Lat) * rad) / 2) ** 2 +
    Math.cos(record.lat * rad) * Math.cos(place.Lat * rad) * Math.sin(((record.lon - place.Long) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(a));
}

const tradesOf = (record: LocationRecord) =>
  record.dynamicFields.filter((f) => isTradeLabel(f.Label)).flatMap((f) => tradesIn(f.Value).map((t) => foldText(t)));

describe.each(STORE_KINDS)('%s store', (store) => {
  let server: TestServer;
  let api: ApiClient;
  let records: LocationRecord[];

  beforeAll(async () => {
    server = await startTestServer({ store, points: 800, rateLimit: 2_000 });
    api = new ApiClient(server.baseUrl);
    records = await storedRecords(server, null);
  });
  afterAll(() => server.stop());

  const ask = (q: string, more = '') => api.json<AskAnswer>(`/api/ask?q=${encodeURIComponent(q)}${more}`);
  const refusal = async (query: string) => {
    const response = await fetch(`${server.baseUrl}/api/ask?${query}`);
    return { status: response.status, message: ((await response.json()) as { message: string }).message };
  };

  it('understands the written questions exactly in at least 95% of them, over the trades the data teaches', async () => {
    const questions = loadAskQuestions(TRADES);
    const answers: AskAnswer[] = [];
    // A few at a time: the set is 300-odd questions.
    for (let i = 0; i < questions.length; i += 20)
      answers.push(...(await Promise.all(questions.slice(i, i + 20).map((q) => ask(q.question)))));
    const score = scoreReadings(
      questions,
      answers.map((a) => a.Understood),
    );
    console.info(`${store}: ${describeScore(score)}`);
    expect(score.exact / score.questions, JSON.stringify(score.misread)).toBeGreaterThanOrEqual(0.95);
  });

  it('answers the Bojnurd question with the sewing academies admitting women nearest Bojnurd, as the trade call does', async () => {
    const answer = await ask('نزدیک‌ترین آموزشگاه خیاطی برای خانم‌ها در بجنورد');
    expect(answer.Understood).toMatchObject({ Route: 'Academy', Trade: SEWING, Audience: 'women', Intent: 'nearest' });
    expect(answer.Unused).toEqual([]);
    const place = answer.Understood.Place!;
    expect(place).toMatchObject({ Name: 'بجنورد', Kind: 'city', Province: NORTH_KHORASAN });
    const genders = WOMEN.map((g) => `&gender=${encodeURIComponent(g)}`).join('');
    const expected = await api.json<NearestResult[]>(
      `/api/trades/${academy.typeId}/nearest?trade=${encodeURIComponent(SEWING)}&lat=${place.Lat}&lon=${place.Long}&limit=10${genders}`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(answer.Answer.Kind).toBe('nearest');
    expect(answer.Answer.From).toEqual({ Lat: place.Lat, Long: place.Long });
    expect(answer.Answer.Locations.map((l) => [l.Guid, l.DistanceKm])).toEqual(
      expected.map((l) => [l.Guid, l.DistanceKm]),
    );
    for (const found of answer.Answer.Locations) {
      expect(WOMEN).toContain(found.Gender);
      expect(found.Trades.map((t) => foldText(t))).toContain(SEWING);
      expect(found.TypeId).toBe(academy.typeId);
    }
    // Without the audience the list widens: men's academies come in among the same women's and mixed ones.
    const wider = await ask('نزدیک‌ترین آموزشگاه خیاطی در بجنورد');
    expect(wider.Understood.Audience).toBeNull();
    expect(wider.Answer.Locations.some((l) => !WOMEN.includes(l.Gender))).toBe(true);
    const admitting = wider.Answer.Locations.filter((l) => WOMEN.includes(l.Gender)).map((l) => l.Guid);
    expect(answer.Answer.Locations.slice(0, admitting.length).map((l) => l.Guid)).toEqual(admitting);
  });

  it('leaves out the parts the visitor removed: the answer is the question without them', async () => {
    const question = 'نزدیک‌ترین آموزشگاه خیاطی برای خانم‌ها در بجنورد';
    const dropped = await ask(question, '&drop=Audience');
    expect(dropped.Understood.Audience).toBeNull();
    expect(dropped.Answer).toEqual((await ask('نزدیک‌ترین آموزشگاه خیاطی در بجنورد')).Answer);
    const bare = await ask(question, '&drop=Audience,Trade,Route');
    expect(bare.Understood).toMatchObject({ Route: null, Trade: null, Audience: null, Place: { Name: 'بجنورد' } });
    // A count without its province counts the country.
    const country = await ask('چند مرکز در استان فارس', '&drop=Place');
    expect(country.Answer.Scope).toEqual({ Kind: 'country' });
    expect(country.Answer.Count).toBe(records.filter((r) => r.typeId === centers.typeId).length);
    expect((await refusal('q=x&drop=Intent')).status).toBe(400);
    expect((await refusal('q=x&drop=Audience,,Trade')).status).toBe(400);
  });

  it('without a trade, answers as the nearest call does, across every teaching type when none is named', async () => {
    const answer = await ask('مرکز فنی و حرفه‌ای نزدیک من', `&lat=${BOJNURD.lat}&lon=${BOJNURD.lon}`);
    expect(answer.Understood).toMatchObject({ Route: 'Centers', NearMe: true, Place: null });
    expect(answer.Answer.From).toEqual({ Lat: BOJNURD.lat, Long: BOJNURD.lon });
    const nearest = await api.json<NearestResult[]>(
      `/api/nearest/${centers.typeId}?lat=${BOJNURD.lat}&lon=${BOJNURD.lon}&limit=10`,
    );
    expect(answer.Answer.Locations.map((l) => l.Guid)).toEqual(nearest.map((l) => l.Guid));
    // "Welding near me", no type: the trade across the types that teach, as the trade call across types answers.
    const welding = await ask('جوشکاری نزدیک من', `&lat=${BOJNURD.lat}&lon=${BOJNURD.lon}`);
    const across = await api.json<NearestOfType[]>(
      `/api/trades/nearest?trade=${encodeURIComponent('جوشکاری')}&lat=${BOJNURD.lat}&lon=${BOJNURD.lon}&limit=10`,
    );
    expect(welding.Answer.Locations.map((l) => [l.Guid, l.TypeId])).toEqual(across.map((l) => [l.Guid, l.TypeId]));
  });

  it('asks for a position when "near me" comes without one, and looks for nothing', async () => {
    const answer = await ask('خیاطی نزدیک من');
    expect(answer.Answer).toMatchObject({ Kind: 'none', Reason: 'needs-position', Locations: [], From: null });
  });

  it('counts in a province as every stored record says, with and without a trade and an audience', async () => {
    const fars = PROVINCES.find((p) => p.name_en === 'Fars')!.iso_3166_2;
    const inFars = (r: LocationRecord, typeId: string) => r.typeId === typeId && r.provinceIso === fars;
    const centres = await ask('چند مرکز فنی و حرفه‌ای در استان فارس هست؟');
    expect(centres.Answer).toMatchObject({ Kind: 'count', Scope: { Kind: 'province', Province: fars } });
    expect(centres.Answer.Count).toBe(records.filter((r) => inFars(r, centers.typeId)).length);
    const women = await ask('how many sewing academies for women in Fars');
    expect(women.Understood).toMatchObject({ Route: 'Academy', Trade: SEWING, Audience: 'women', Intent: 'count' });
    const expected = records.filter(
      (r) => inFars(r, academy.typeId) && WOMEN.includes(r.gender) && tradesOf(r).includes(SEWING),
    ).length;
    expect(women.Answer.Count).toBe(expected);
  });

  it('lists a province nearest its point first, within it alone, with how many there are in all', async () => {
    const answer = await ask('لیست آموزشگاه‌های استان تهران');
    expect(answer.Understood).toMatchObject({
      Route: 'Academy',
      Intent: 'list',
      Place: { Kind: 'province', Province: 'IR-23' },
    });
    const inTehran = records.filter((r) => r.typeId === academy.typeId && r.provinceIso === 'IR-23');
    expect(answer.Answer.Count).toBe(inTehran.length);
    expect(answer.Answer.Locations.length).toBe(Math.min(inTehran.length, 50));
    const guids = new Set(inTehran.map((r) => r.guid));
    for (const found of answer.Answer.Locations) expect(guids.has(found.Guid)).toBe(true);
    const distances = answer.Answer.Locations.map((l) => l.DistanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('counts around a town within 20 km, as every stored record says', async () => {
    const answer = await ask('how many centres in the city of Mashhad');
    const mashhad = answer.Understood.Place!;
    expect(answer.Answer.Scope).toEqual({ Kind: 'around', Km: 20, Lat: mashhad.Lat, Long: mashhad.Long });
    const near = records.filter((r) => r.typeId === centers.typeId && kmBetween(r, mashhad) <= 20);
    expect(answer.Answer.Count).toBe(near.length);
  });

  it('keeps to a distance the question sets: the nearest within it and a count around it, as every record says', async () => {
    const mashhad = (await ask('مشهد')).Understood.Place!;
    const academies = records
      .filter((r) => r.typeId === academy.typeId)
      .map((r) => ({ guid: r.guid, km: kmBetween(r, mashhad) }))
      .sort((a, b) => a.km - b.km || (a.guid < b.guid ? -1 : 1));
    // A radius that holds fewer academies than a nearest answer gives, so the limit is the radius's.
    const km = (academies[4]!.km + 0.5).toFixed(1);
    const within = academies.filter((a) => a.km <= Number(km));
    expect(within.length).toBeLessThan(10);
    const nearest = await ask(`آموزشگاه در ${km} کیلومتری مشهد`);
    expect(nearest.Understood.WithinKm).toBe(Number(km));
    expect(nearest.Unused).toEqual([]);
    expect(nearest.Answer.Locations.map((l) => l.Guid)).toEqual(within.map((a) => a.guid));
    // Counted the same way, in English; and with the distance removed, the nearest however far.
    const count = await ask(`how many academies within ${km} km of Mashhad`);
    expect(count.Answer.Scope).toEqual({ Kind: 'around', Km: Number(km), Lat: mashhad.Lat, Long: mashhad.Long });
    expect(count.Answer.Count).toBe(within.length);
    const widened = await ask(`آموزشگاه در ${km} کیلومتری مشهد`, '&drop=WithinKm');
    expect(widened.Understood.WithinKm).toBeNull();
    expect(widened.Answer).toEqual((await ask('آموزشگاه در مشهد')).Answer);
    expect(widened.Answer.Locations).toHaveLength(10);
    // With a trade (the trade index's path), as every record teaching it within the distance says.
    const sewing = records
      .filter((r) => TEACHING_TYPES.some((t) => t.typeId === r.typeId) && tradesOf(r).includes(foldText(SEWING)))
      .map((r) => ({ guid: r.guid, km: kmBetween(r, BOJNURD_PLACE) }))
      .sort((a, b) => a.km - b.km || (a.guid < b.guid ? -1 : 1));
    const sewingKm = (sewing[2]!.km + 0.5).toFixed(1);
    const sewn = await ask(`خیاطی در ${sewingKm} کیلومتری بجنورد`);
    expect(sewn.Answer.Locations.map((l) => l.Guid)).toEqual(
      sewing.filter((a) => a.km <= Number(sewingKm)).map((a) => a.guid),
    );
    // Nothing within a few metres: an empty answer, not the nearest farther away.
    expect((await ask('آموزشگاه در ۰٫۰۱ کیلومتری مشهد')).Answer).toMatchObject({ Kind: 'nearest', Locations: [] });
  });

  it('refuses what is no question, with the reason', async () => {
    expect(await refusal('q=')).toMatchObject({ status: 400, message: expect.stringContaining('empty') });
    expect(await refusal(`q=${encodeURIComponent(' \u200c ')}`)).toMatchObject({ status: 400 });
    expect(await refusal(`q=${'a'.repeat(201)}`)).toMatchObject({
      status: 400,
      message: expect.stringContaining('200'),
    });
    expect((await fetch(`${server.baseUrl}/api/ask?q=${'خ'.repeat(200)}`)).status).toBe(200);
    for (const control of ['\u0000', '\u0007', '\t', '\n', '\u007f', '\u0085'])
      expect(await refusal(`q=${encodeURIComponent(`خیاطی${control}بجنورد`)}`)).toMatchObject({
        status: 400,
        message: expect.stringContaining('control'),
      });
    expect((await refusal('q=x&lat=37')).status).toBe(400);
    expect((await refusal('q=x&lat=91&lon=0')).status).toBe(400);
    expect((await refusal('q=x&lat=abc&lon=0')).status).toBe(400);
    expect((await refusal('q=x&q=y')).status).toBe(400);
    expect((await refusal('q=x&limit=5')).status).toBe(400);
    expect((await refusal('')).status).toBe(400);
    // Escapes that are no UTF-8 are read as the text they are, not as a failure; "+" is a space.
    const broken = await fetch(`${server.baseUrl}/api/ask?q=%FF%FE%20sewing`);
    expect(broken.status).toBe(200);
    expect(((await broken.json()) as AskAnswer).Unused.length).toBeGreaterThan(0);
    expect((await api.json<AskAnswer>('/api/ask?q=sewing+in+Bojnurd')).Understood).toMatchObject({
      Trade: SEWING,
      Place: { Name: 'بجنورد' },
    });
  });

  it('answers many questions at once exactly as one at a time', async () => {
    const questions = ['sewing for women in Bojnurd', 'چند مرکز در استان فارس', 'لیست آموزشگاه‌های استان تهران'];
    const alone = await Promise.all(questions.map((q) => ask(q)));
    const together = await Promise.all(Array.from({ length: 60 }, (_, i) => ask(questions[i % 3]!)));
    together.forEach((answer, i) => expect(answer).toEqual(alone[i % 3]));
  });

  it('reads the same whatever Host or X-Forwarded-* the request carries', async () => {
    const path = `/api/ask?q=${encodeURIComponent('sewing in Bojnurd')}`;
    const plain = await ask('sewing in Bojnurd');
    const odd = await new Promise<string>((resolve, reject) => {
      const req = request(
        `${server.baseUrl}${path}`,
        { headers: { host: 'evil.example:1', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'gopher' } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve(body));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(JSON.parse(odd)).toEqual(plain);
  });
});

describe('the rate limit', () => {
  it('holds questions to the API’s limit per client', async () => {
    const limited = await startTestServer({ points: 100, rateLimit: 5 });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 8 }, () => fetch(`${limited.baseUrl}/api/ask?q=sewing`).then((r) => r.status)),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    } finally {
      await limited.stop();
    }
  });
});
