/**
 * npm run bench:list
 * Opening the list dialog of every Academy name (All provinces: a third of the 1M benchmark database, about
 * 333,000 names) in Chromium: the time from the click to the first rows shown, on a cold server (the list
 * read and sorted) and again (kept per dataset version), and the time for a filter of two letters to answer.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchBrowser } from '../tools/browser/launch';
import { buildClient, serveClient } from './browserBench';
import { ms } from './stats';

/** The little of the DOM the page-side function touches (this script compiles without the DOM's types). */
interface PageGlobals {
  document: { querySelector(selector: string): { textContent: string | null } | null };
}

const DB = 'bench/.data/makan-1000000.db';
const CLIENT = resolve('bench/.data/client-list');
const PORT = 18_197;

if (!existsSync(DB)) throw new Error(`${DB} is missing: npm run bench makes it`);
buildClient(CLIENT);
const server = await serveClient(DB, PORT, CLIENT);

const browser = await launchBrowser();
try {
  const opens: number[] = [];
  let filtered = 0;
  for (let run = 0; run < 2; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'fa-IR' });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${PORT}/Academy?tab=stats`);
    const open = page.getByRole('button', { name: 'فهرست مکان‌ها' });
    await open.waitFor({ timeout: 60_000 });
    const started = Date.now();
    await open.click();
    await page.getByRole('dialog').getByRole('listitem').first().waitFor({ timeout: 120_000 });
    opens.push(Date.now() - started);
    const count = await page.getByTestId('list-count').innerText();
    if (run === 1) {
      const box = page.getByRole('dialog').getByPlaceholder('جستجو');
      const before = await page.getByTestId('list-count').innerText();
      const typed = Date.now();
      await box.fill('نو');
      await page.waitForFunction(
        (b) => (globalThis as unknown as PageGlobals).document.querySelector('[data-testid="list-count"]')?.textContent !== b,
        before,
        { timeout: 60_000 },
      );
      filtered = Date.now() - typed;
    }
    console.log(`  run ${run + 1}: ${count}`);
    await context.close();
  }
  console.log(
    `List dialog, all Academy names (1M database): first rows ${ms(opens[0]!)} on a cold server | ${ms(opens[1]!)} again | two-letter filter answered in ${ms(filtered)}`,
  );
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
