/**
 * npm run bench:list
 * Opening the list dialog of every Academy name (All provinces: a third of the 1M benchmark database, about
 * 333,000 names) in Chromium, first on a server warmed as npm start warms it (the list made from the type's
 * points in name order) and again (kept per dataset version). Timed in the page from the press of the button:
 * the first rows drawn (the frame after they enter the page), the whole list in (the filter open), and a filter
 * of two letters answered.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchBrowser } from '../tools/browser/launch';
import { buildClient, serveClient } from './browserBench';
import { ms } from './stats';

/** The little of the DOM the page-side functions touch (this script compiles without the DOM's types). */
interface PageGlobals {
  document: {
    querySelector(selector: string): { textContent: string | null } | null;
    addEventListener(type: string, listener: () => void, capture: boolean): void;
  };
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: object): void;
    disconnect(): void;
  };
  requestAnimationFrame(callback: () => void): void;
  setTimeout(callback: () => void, delay: number): void;
  performance: { now(): number };
  listTimes: { pressed?: number; rowsDrawn?: number };
}

const DB = 'bench/.data/makan-1000000.db';
const CLIENT = resolve('bench/.data/client-list');
const PORT = 18_197;

if (!existsSync(DB)) throw new Error(`${DB} is missing: npm run bench makes it`);
buildClient(CLIENT);
// Warmed as npm start warms (the type's points and name order made, then the trade indexes read), the list itself
// not yet made: what a visitor opening it first after a start meets once the warming is done.
process.env['MAKAN_BENCH_WARM_UP'] = '1';
const server = await serveClient(DB, PORT, CLIENT);
await new Promise<void>((resolve) =>
  server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('trades warmed') && resolve()),
);

/** In the page: notes when the button is pressed and when the first row is drawn (a frame after it is added). */
function watchList(): void {
  const page = globalThis as unknown as PageGlobals;
  page.listTimes = {};
  page.document.addEventListener('pointerdown', () => (page.listTimes.pressed ??= page.performance.now()), true);
  const observer = new page.MutationObserver(() => {
    if (!page.document.querySelector('[role="dialog"] li')) return;
    observer.disconnect();
    page.requestAnimationFrame(() => page.setTimeout(() => (page.listTimes.rowsDrawn = page.performance.now()), 0));
  });
  observer.observe(page.document, { subtree: true, childList: true });
}

const now = () => (globalThis as unknown as PageGlobals).performance.now();

const browser = await launchBrowser();
try {
  const rows: number[] = [];
  const wholes: number[] = [];
  let filtered = 0;
  for (let run = 0; run < 2; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'fa-IR' });
    const page = await context.newPage();
    await page.addInitScript(watchList);
    await page.goto(`http://127.0.0.1:${PORT}/Academy?tab=stats`);
    const open = page.getByRole('button', { name: 'فهرست مکان‌ها' });
    await open.waitFor({ timeout: 60_000 });
    await open.click();
    await page.locator('[data-testid="list-count"][data-complete="true"]').waitFor({ timeout: 120_000 });
    const whole = await page.evaluate(now);
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).listTimes.rowsDrawn !== undefined);
    const times = await page.evaluate(() => (globalThis as unknown as PageGlobals).listTimes);
    rows.push(times.rowsDrawn! - times.pressed!);
    wholes.push(whole - times.pressed!);
    const count = await page.getByTestId('list-count').innerText();
    if (run === 1) {
      const box = page.getByRole('dialog').getByPlaceholder('جستجو');
      const before = await page.getByTestId('list-count').innerText();
      const typed = Date.now();
      await box.fill('نو');
      await page.waitForFunction(
        (b) =>
          (globalThis as unknown as PageGlobals).document.querySelector('[data-testid="list-count"]')?.textContent !==
          b,
        before,
        { timeout: 60_000 },
      );
      filtered = Date.now() - typed;
    }
    console.log(`  run ${run + 1}: ${count}`);
    await context.close();
  }
  console.log(
    `List dialog, all Academy names (1M database): first rows drawn ${ms(rows[0]!)} first after a start, ${ms(rows[1]!)} again | whole list in ${ms(wholes[0]!)}, ${ms(wholes[1]!)} | two-letter filter answered in ${ms(filtered)}`,
  );
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
