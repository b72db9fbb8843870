/**
 * A question in everyday words (issue 58), at 1280 and 375 px in Persian, English and Finglish (Persian in Latin
 * letters): typed in the toolbar's search, read into chips, answered with the nearest sewing academies admitting
 * women from Bojnurd (the server's answer, on the map and pickable there); the audience chip removed widens the
 * list; the link reopens the same.
 */
import { describe, expect, it } from 'vitest';
import { AUDIENCES } from '../../domain/audiences';
import { typeByRoute } from '../../domain/locationTypes';
import type { AskAnswer } from '../../domain/wire/ask';
import { en } from '../../src/i18n/en';
import { fa } from '../../src/i18n/fa';
import { expectAccessible } from './drivers/accessibility';
import { AskDriver } from './drivers/AskDriver';
import { FindDriver } from './drivers/FindDriver';
import { ServerPageDriver } from './drivers/ServerPageDriver';
import { PAGE_WORDS } from '../../server/pages/pageWords';
import { ARTIFACTS, DESKTOP, PHONE, useBrowserApp } from './fixture';

const env = useBrowserApp();
const academy = typeByRoute('Academy')!;
const WOMEN: readonly string[] = AUDIENCES.find((a) => a.key === 'women')!.genders;

const WALKS = [
  ['Persian at 1280 px', fa, '', DESKTOP, 'نزدیک‌ترین آموزشگاه خیاطی برای خانم‌ها در بجنورد'],
  ['English at 375 px', en, '?lang=en', PHONE, 'nearest sewing school for women in Bojnurd'],
  ['Persian at 375 px', fa, '', PHONE, 'آموزشگاه خياطي زنانه بجنورد'],
  // Persian in Latin letters (Finglish), as typed on a phone without a Persian keyboard: read into English chips.
  ['English at 1280 px', en, '?lang=en', DESKTOP, 'amoozeshgah khayati baraye khanoomha dar bojnoord'],
] as const;

describe('a question in everyday words', () => {
  it.each(WALKS)(
    '%s: the chips, the nearest that fit, the audience removed, the link reopened',
    async (label, words, lang, viewport, question) => {
      const expected = (await (
        await fetch(`${env.baseUrl}/api/ask?q=${encodeURIComponent(question)}`)
      ).json()) as AskAnswer;
      expect(expected.Answer.Locations.length).toBeGreaterThan(1);
      await env.withApp(async ({ app, page }) => {
        await app.open(`/Centers${lang}`);
        await app.waitForMap('idle');
        const ask = new AskDriver(page, words);
        await ask.ask(question);
        await ask.waitAnswered();
        // The chips say what was read, in the page's language.
        expect(await ask.chips()).toEqual({
          Route: words === fa ? academy.titleFa : academy.titleEn,
          Trade: words === fa ? 'خیاطی' : 'Sewing',
          Audience: words.ask.audience.women,
          Place: words === fa ? 'بجنورد' : 'Bojnurd',
          Intent: words.ask.intent.nearest,
        });
        // The list is the server's answer: sewing academies admitting women, nearest Bojnurd first.
        expect(await ask.names()).toEqual(expected.Answer.Locations.map((l) => l.Name));
        for (const gender of await ask.genders()) expect(WOMEN).toContain(gender);
        // The page and the filters follow the chips: the academies' page, the women's filter.
        await page.waitForFunction(
          () => location.pathname === '/Academy' && new URLSearchParams(location.search).has('gender'),
        );
        expect(new URL(page.url()).searchParams.getAll('gender').sort()).toEqual([...WOMEN].sort());
        // Over the map or in a phone's sheet below it, the answer leaves every map button usable and every pin seen.
        expect(await app.coveredMapButtons()).toEqual([]);
        expect(await app.hiddenNearestPins()).toEqual([]);
        await page.screenshot({ path: `${ARTIFACTS}/ask-${viewport.width}${lang ? '-en' : ''}.png` });
        await expectAccessible(page, `the answer to a question, ${label}`);

        // Drawn: each of the nearest is numbered on the map at its place; its number opens it (picked, not listed).
        const first = expected.Answer.Locations[0]!;
        await expect.poll(() => page.getByTestId('nearest-pin').count()).toBe(expected.Answer.Locations.length);
        await app.waitForMap('settled');
        const pin = page.locator(`[data-testid="nearest-pin"][data-guid="${first.Guid}"]`);
        const [box, at] = [(await pin.boundingBox())!, await app.pagePointOf(first.Lat, first.Long)];
        expect(Math.abs(box.x + box.width / 2 - at.x)).toBeLessThan(3);
        expect(at.y).toBeGreaterThan(box.y + box.height);
        if (viewport === DESKTOP) {
          await pin.click();
          await page.getByTestId('detail').waitFor();
          expect(await page.locator('.detail-dialog-title').innerText()).toBe(first.Name);
          await page.keyboard.press('Escape');
          await page.getByTestId('detail').waitFor({ state: 'detached' });
        }
        // From the list: its detail opens over the map, framed on it.
        await ask.items().first().locator('button').first().click();
        await page.getByTestId('detail').waitFor();
        expect(await page.locator('.detail-dialog-title').innerText()).toBe(first.Name);
        await page.keyboard.press('Escape');
        await page.getByTestId('detail').waitFor({ state: 'detached' });

        // The audience removed: the list widens to men's academies too, and the filter leaves the address.
        await ask.removeChip('Audience');
        await page.waitForFunction(() => new URLSearchParams(location.search).get('drop') === 'Audience');
        await ask.waitAnswered();
        await expect.poll(async () => (await ask.genders()).some((g) => !WOMEN.includes(g))).toBe(true);
        expect(new URL(page.url()).searchParams.getAll('gender')).toEqual([]);
        expect(Object.keys(await ask.chips())).not.toContain('Audience');
        const wider = await ask.names();

        // The link reopens the same answer.
        await app.open(new URL(page.url()).pathname + new URL(page.url()).search);
        await ask.waitAnswered();
        expect(Object.keys(await ask.chips())).not.toContain('Audience');
        expect(await ask.names()).toEqual(wider);
        if (viewport !== PHONE) return;

        // A distance in the question (in the page's digits): a chip of its own, and nothing farther listed.
        const km = Math.ceil(expected.Answer.Locations[1]!.DistanceKm!);
        const written = words === fa ? km.toLocaleString('fa-IR') : String(km);
        const within = `${question} ${words === fa ? `در ${written} کیلومتری` : `within ${km} km`}`;
        const near = (await (
          await fetch(`${env.baseUrl}/api/ask?q=${encodeURIComponent(within)}`)
        ).json()) as AskAnswer;
        expect(near.Answer.Locations.length).toBeLessThan(expected.Answer.Locations.length);
        await ask.ask(within);
        await ask.waitAnswered();
        await expect.poll(() => ask.chips()).toMatchObject({ WithinKm: words.ask.within(written) });
        expect(await ask.names()).toEqual(near.Answer.Locations.map((l) => l.Name));
        expect(Math.max(...(await ask.distances()))).toBeLessThanOrEqual(km);
        // Removed, the nearest however far again.
        await ask.removeChip('WithinKm');
        await ask.waitAnswered();
        await expect.poll(() => ask.names()).toEqual(expected.Answer.Locations.map((l) => l.Name));
      }, viewport);
    },
  );

  it('"near me" with no town asks for the position, then lists the nearest from it', async () => {
    const here = { latitude: 37.47, longitude: 57.33 };
    const question = 'خیاطی نزدیک من';
    const expected = (await (
      await fetch(`${env.baseUrl}/api/ask?q=${encodeURIComponent(question)}&lat=${here.latitude}&lon=${here.longitude}`)
    ).json()) as AskAnswer;
    expect(expected.Answer.Locations.length).toBeGreaterThan(0);
    await env.withApp(async ({ app, page, context }) => {
      await new FindDriver(page).allowPosition(context, here.latitude, here.longitude);
      await app.open('/Centers');
      const ask = new AskDriver(page);
      await ask.ask(question);
      await ask.waitAnswered();
      expect(await ask.chips()).toMatchObject({ Trade: 'خیاطی', NearMe: fa.ask.nearMe });
      await page.getByRole('button', { name: fa.ask.usePosition }).click();
      await expect.poll(() => ask.names()).toEqual(expected.Answer.Locations.map((l) => l.Name));
    });
  });

  it.each([
    ['Persian at 1280 px', 'fa', '', DESKTOP, 'نزدیک‌ترین آموزشگاه خیاطی برای خانم‌ها در بجنورد'],
    ['English at 375 px', 'en', '?lang=en', PHONE, 'nearest sewing school for women in Bojnurd'],
    ['Persian at 375 px', 'fa', '', PHONE, 'آموزشگاه خياطي زنانه بجنورد'],
    ['English at 1280 px', 'en', '?lang=en', DESKTOP, 'sewing academy for ladies in bojnord'],
  ] as const)(
    '%s with the script off: /search reads it, a part is removed by its link, the link reopens',
    async (label, language, lang, viewport, question) => {
      const words = PAGE_WORDS[language];
      const answerOf = async (more: string) =>
        ((await (await fetch(`${env.baseUrl}/api/ask?q=${encodeURIComponent(question)}${more}`)).json()) as AskAnswer)
          .Answer;
      const [withAudience, without] = [await answerOf(''), await answerOf('&drop=Audience')];
      await env.withApp(async ({ page, problems }) => {
        problems.expect(/Failed to load resource|net::ERR_FAILED/);
        // The app's script blocked, as a browser that runs none: axe (a script of its own) still runs.
        await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
        const pages = new ServerPageDriver(page, env.baseUrl);
        await pages.open(`/Academy${lang}`);
        await pages.search(question, words.searchLabel);
        expect(
          await page
            .locator('#ssr-chips [data-part]')
            .evaluateAll((items) => items.map((i) => i.getAttribute('data-part'))),
        ).toEqual(['Route', 'Trade', 'Audience', 'Place', 'Intent']);
        expect(await pages.linksIn('#ssr-ask-list')).toEqual(withAudience.Locations.map((l) => l.Name));
        await page.locator('main h1').waitFor();
        await expectAccessible(page, `a question's answer without script, ${label}`);
        await page.screenshot({ path: `${ARTIFACTS}/ask-page-${viewport.width}${lang ? '-en' : ''}.png` });
        await pages.follow(words.ask.remove(words.ask.audience.women));
        expect(new URL(page.url()).searchParams.get('drop')).toBe('Audience');
        expect(await page.locator('#ssr-chips [data-part="Audience"]').count()).toBe(0);
        expect(await pages.linksIn('#ssr-ask-list')).toEqual(without.Locations.map((l) => l.Name));
        await page.goto(page.url());
        expect(await pages.linksIn('#ssr-ask-list')).toEqual(without.Locations.map((l) => l.Name));
      }, viewport);
    },
  );
});
