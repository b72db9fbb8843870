/**
 * The search page answers a question in everyday words with no script (server/pages/askSection.ts), on both
 * stores: the chips with their removal links, the same answer as GET /api/ask, a part removed by its link, and
 * what a hostile question cannot do to the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskAnswer } from '../../domain/wire/ask';
import { PAGE_WORDS } from '../../server/pages/pageWords';
import { ApiClient, startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';

const QUESTION = 'نزدیک‌ترین آموزشگاه خیاطی برای خانم‌ها در بجنورد';

describe.each(STORE_KINDS)('%s store', (store) => {
  let server: TestServer;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startTestServer({ store, points: 800, rateLimit: 1_000, withClient: true });
    api = new ApiClient(server.baseUrl);
  });
  afterAll(() => server.stop());

  const page = async (query: string) => {
    const response = await fetch(`${server.baseUrl}/search?${query}`);
    return { status: response.status, text: await response.text() };
  };
  const listed = (text: string) =>
    [
      ...(/<ol id="ssr-ask-list">(.*?)<\/ol>/s.exec(text)?.[1] ?? '').matchAll(
        /<li><a href="[^"]*" dir="auto">([^<]*)<\/a>/g,
      ),
    ].map((m) => m[1]);

  it('answers the question as the API does, with a link to ask again without each part', async () => {
    const expected = await api.json<AskAnswer>(`/api/ask?q=${encodeURIComponent(QUESTION)}`);
    const { status, text } = await page(`type=Academy&q=${encodeURIComponent(QUESTION)}`);
    expect(status).toBe(200);
    expect(text).toContain('id="ssr-chips"');
    expect(text).toContain(`<p class="ssr-note" id="ssr-ask-source">${PAGE_WORDS.fa.ask.source}</p>`);
    expect(listed(text)).toEqual(expected.Answer.Locations.map((l) => l.Name));
    const words = PAGE_WORDS.fa.ask;
    const link = new RegExp(
      `<a href="([^"]*)">${words.remove(words.audience.women).replace(/[()]/g, '\\$&')}</a>`,
    ).exec(text);
    expect(link).not.toBeNull();
    const without = link![1]!.replace(/&amp;/g, '&');
    expect(new URLSearchParams(without.split('?')[1]).get('drop')).toBe('Audience');
    const widened = await page(without.split('?')[1]!);
    const dropped = await api.json<AskAnswer>(`/api/ask?q=${encodeURIComponent(QUESTION)}&drop=Audience`);
    expect(listed(widened.text)).toEqual(dropped.Answer.Locations.map((l) => l.Name));
    expect(widened.text).not.toContain('data-part="Audience"');
  });

  it('keeps to a distance the question sets, with a link to ask again without it', async () => {
    const far = await api.json<AskAnswer>(`/api/ask?q=${encodeURIComponent(QUESTION)}`);
    const km = Math.ceil(far.Answer.Locations[1]!.DistanceKm!);
    const question = `${QUESTION} در ${km} کیلومتری`;
    const expected = await api.json<AskAnswer>(`/api/ask?q=${encodeURIComponent(question)}`);
    expect(expected.Answer.Locations.length).toBeLessThan(far.Answer.Locations.length);
    const { text } = await page(`type=Academy&q=${encodeURIComponent(question)}`);
    const words = PAGE_WORDS.fa.ask;
    const label = words.within(km.toLocaleString('fa-IR'));
    expect(text).toContain(`<li data-part="WithinKm">${words.parts.WithinKm}: <strong dir="auto">${label}</strong>`);
    expect(listed(text)).toEqual(expected.Answer.Locations.map((l) => l.Name));
    const link = new RegExp(`<a href="([^"]*)">${words.remove(label)}</a>`).exec(text)!;
    const widened = await page(link[1]!.replace(/&amp;/g, '&').split('?')[1]!);
    expect(listed(widened.text)).toEqual(far.Answer.Locations.map((l) => l.Name));
  });

  it('counts in English', async () => {
    const { text } = await page(`type=Centers&lang=en&q=${encodeURIComponent('how many centres in Fars')}`);
    const expected = await api.json<AskAnswer>(`/api/ask?q=${encodeURIComponent('how many centres in Fars')}`);
    expect(text).toMatch(
      new RegExp(`<p id="ssr-ask-count" role="status">${expected.Answer.Count}[^<]*in Fars province\\.</p>`),
    );
  });

  it('a bare name or one word is searched as before, with no question read', async () => {
    const { text } = await page(`type=Centers&q=${encodeURIComponent('بجنورد')}`);
    expect(text).not.toContain('ssr-chips');
    expect(text).toContain('id="ssr-nearest"');
  });

  it('escapes what the question holds, and ignores a removal it does not know', async () => {
    const hostile = '<script>alert(1)</script> خیاطی "در" بجنورد';
    const { status, text } = await page(`type=Academy&drop=Bogus,Audience&q=${encodeURIComponent(hostile)}`);
    expect(status).toBe(200);
    expect(text).not.toContain('<script>alert(1)');
    expect(text).toContain('&lt;script&gt;');
    expect(text).toContain('id="ssr-chips"');
  });
});
