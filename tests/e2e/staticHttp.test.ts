/** The built client over HTTP: precompressed files, hashed assets cached for a year, index.html revalidated. */
import { describe, expect, it } from 'vitest';
import { MANIFEST_FILE } from '../../domain/language';
import type { ChartRow } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import { en } from '../../src/i18n/en';
import { fa } from '../../src/i18n/fa';
import { DESKTOP, PHONE, useBrowserApp } from './fixture';

const env = useBrowserApp({ points: 500 });

describe('static files', () => {
  it('index.html is revalidated and sent precompressed; hashed assets are immutable for a year', async () => {
    const page = await fetch(`${env.baseUrl}/`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-encoding')).toBe('br');
    const html = await page.text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const asset = await fetch(env.baseUrl + script, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('content-type')).toContain('javascript');
    const plain = await fetch(env.baseUrl + script, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.text()).length).toBeGreaterThan(Number(asset.headers.get('content-length') ?? 0));
  });

  it('a client route is the SPA page, revalidated, and an unknown asset a plain 404', async () => {
    const route = await fetch(`${env.baseUrl}/Centers`, { headers: { 'accept-encoding': 'gzip' } });
    expect(route.status).toBe(200);
    expect(route.headers.get('content-type')).toContain('text/html');
    expect(route.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${env.baseUrl}/assets/nothing-here.js`)).status).toBe(404);
  });

  it('each language’s page links its own web app manifest: an installed English Makan is named and laid out in English', async () => {
    const manifestOf = async (path: string) => {
      const html = await (await fetch(`${env.baseUrl}${path}`)).text();
      const href = /<link rel="manifest" href="([^"]+)">/.exec(html)![1]!;
      const answer = await fetch(env.baseUrl + href);
      expect(answer.status).toBe(200);
      return {
        href,
        ...((await answer.json()) as { lang: string; dir: string; short_name: string; start_url: string }),
      };
    };
    expect(await manifestOf('/')).toMatchObject({
      href: `/${MANIFEST_FILE.fa}`,
      lang: 'fa',
      dir: 'rtl',
      short_name: 'مکان',
      start_url: '/',
    });
    expect(await manifestOf('/Centers?lang=en')).toMatchObject({
      href: `/${MANIFEST_FILE.en}`,
      lang: 'en',
      dir: 'ltr',
      short_name: 'Makan',
      start_url: '/?lang=en',
    });
  });

  it('before any script runs, the page shows the toolbar, the type’s total, its table and Iran drawn from its provinces', async () => {
    const rows = (await (
      await fetch(`${env.baseUrl}/api/TVTOBase/OrglocationChartData/${typeByRoute('')!.typeId}`)
    ).json()) as ChartRow[];
    const total = rows.reduce((sum, r) => sum + r.Count, 0);
    await env.withApp(async ({ page, problems }) => {
      problems.expect(/Failed to load resource|net::ERR_FAILED/);
      // As a visitor on a slow link sees the page until the scripts arrive (or for good, when they fail).
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.goto(env.baseUrl);
      // The app's own short title, as its toolbar shows it on a phone (the subtitle only on wider screens).
      expect(await page.locator('.boot-titles').innerText()).toBe(fa.appTitleShort);
      expect(await page.locator('#ssr-total').innerText()).toContain(new Intl.NumberFormat('fa-IR').format(total));
      expect(await page.locator('#ssr-provinces tbody tr').count()).toBe(31);
      const map = page.locator('#ssr-map svg');
      expect(await map.locator('path').count()).toBe(31);
      const box = (await map.boundingBox())!;
      expect(box.width).toBeGreaterThan(300);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }, PHONE);
  });

  it('the toolbar painted before the script is the app’s: its words and its logo stay where they were', async () => {
    await env.withApp(async ({ page }) => {
      // The scripts held back until the shell's toolbar has been read, as on a slow link.
      let release!: () => void;
      const released = new Promise<void>((done) => (release = done));
      await page.route(/\/assets\/.*\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      // Not to its load, which waits on the scripts.
      await page.goto(`${env.baseUrl}/?lang=en`, { waitUntil: 'commit' });
      await page.locator('.boot-titles').waitFor();
      const logo = page.locator('header img[src="/logo.svg"]');
      // The words as lines (a paragraph's margins are blank lines in innerText, which is not what is seen).
      const words = async (selector: string) => (await page.locator(selector).innerText()).replace(/\n+/g, '\n');
      const shell = { words: await words('.boot-titles'), logo: (await logo.boundingBox())! };
      release();
      await page.locator('.toolbar-title').waitFor();
      const app = { words: await words('.toolbar-titles'), logo: (await logo.boundingBox())! };
      expect(shell.words).toBe(`${en.appTitle}\n${en.appSubtitle}`);
      expect(app.words).toBe(shell.words);
      const at = (box: { x: number; y: number }) => [Math.round(box.x), Math.round(box.y)];
      expect(at(app.logo)).toEqual(at(shell.logo));
    }, DESKTOP);
  });
});
