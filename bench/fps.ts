/**
 * npm run bench:fps (also the last stage of npm run bench)
 * Frames per second while panning the map with about 1k, 20k and 100k locations in view, in Chromium on
 * this machine's software WebGL, for this build and for the build before the compact transport (commit
 * BEFORE, built from git into bench/.data), both served by the same server over the same database. The old
 * build asks for JSON, so it gets at most the gateway's 20,000 rows; this build draws every location.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tools/browser/launch';
import { buildClient, serveClient } from './browserBench';

/** The last commit before the compact transport and the binary layers. */
const BEFORE = '2c437b0';
const DATA = resolve('bench/.data');
const DB = `${DATA}/fps.db`;
const CLIENT_NOW = `${DATA}/client-fps-now`;
const CLIENT_BEFORE = `${DATA}/client-fps-before`;
const SOURCE_BEFORE = `${DATA}/source-before`;
const PAN_MS = 4_000;

/** View centres at the Village type's minimum zoom (8), inside Iran, far enough apart that no view sees another's points. */
const SCENES = [
  { label: '1k', count: 1_000, lat: 34.0, lon: 49.0 },
  { label: '20k', count: 20_000, lat: 30.5, lon: 55.5 },
  { label: '100k', count: 100_000, lat: 35.0, lon: 58.0 },
];

function nodeSync(args: string[]): void {
  const run = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`${args.join(' ')} failed`);
}

/** A small seeded database plus dense Village points around each scene's centre (built once, kept). */
function ensureDatabase(): void {
  if (existsSync(DB)) return;
  mkdirSync(DATA, { recursive: true });
  nodeSync(['--import', 'tsx', 'server/scripts/seed.ts', '--points', '2000', '--db', DB]);
  const rows = ['Guid,Type,NameMakanAmoozeshi,Lat,Long'];
  let n = 0;
  for (const scene of SCENES) {
    // Spread over 4 x 2.5 degrees: well inside a 1280 x 800 view at spec zoom 8 (7 x 4.4 degrees).
    const side = Math.ceil(Math.sqrt(scene.count));
    for (let i = 0; i < scene.count; i++) {
      n++;
      const lat = scene.lat - 1.25 + (Math.floor(i / side) / side) * 2.5;
      const lon = scene.lon - 2 + ((i % side) / side) * 4;
      rows.push(
        `F0000000-0000-4000-8000-${n.toString(16).padStart(12, '0').toUpperCase()},Village,کارگاه ${n},${lat.toFixed(5)},${lon.toFixed(5)}`,
      );
    }
  }
  const csv = `${DATA}/fps.csv`;
  writeFileSync(csv, rows.join('\n') + '\n');
  nodeSync(['--import', 'tsx', 'server/scripts/import.ts', csv, '--db', DB]);
}

/** This build, and the build of BEFORE from git (its sources with this checkout's node_modules). */
function ensureClients(): void {
  buildClient(CLIENT_NOW);
  if (existsSync(`${CLIENT_BEFORE}/index.html`)) return;
  rmSync(SOURCE_BEFORE, { recursive: true, force: true });
  mkdirSync(SOURCE_BEFORE, { recursive: true });
  const archive = spawnSync('sh', ['-c', `git archive ${BEFORE} | tar -x -C '${SOURCE_BEFORE}'`], { stdio: 'inherit' });
  if (archive.status !== 0) throw new Error(`git archive ${BEFORE} failed (a shallow clone lacks it)`);
  symlinkSync(resolve('node_modules'), `${SOURCE_BEFORE}/node_modules`);
  buildClient(CLIENT_BEFORE, SOURCE_BEFORE);
}

/** The little of the DOM the page-side functions touch (this script compiles without the DOM's types). */
interface PageGlobals {
  document: { querySelector(selector: string): { dataset: Record<string, string | undefined> } | null };
  makanFrames?: number;
}

/** Drags the map sideways for PAN_MS and counts animation frames meanwhile; returns frames/s and the markers drawn. */
async function panFps(page: Page, url: string): Promise<{ fps: number; markers: number }> {
  await page.goto(url);
  await page.waitForFunction(
    () => {
      const map = (globalThis as unknown as PageGlobals).document.querySelector('[data-testid="map"]');
      return (
        map?.dataset['state']?.includes('idle') === true &&
        Number(map.dataset['markers']) > 0 &&
        map.dataset['layersLoaded'] === 'true'
      );
    },
    undefined,
    { timeout: 180_000, polling: 200 },
  );
  const markers = await page.evaluate(() =>
    Number((globalThis as unknown as PageGlobals).document.querySelector('[data-testid="map"]')!.dataset['markers']),
  );
  const box = (await page.getByTestId('map').boundingBox())!;
  const y = box.y + box.height / 2;
  let x = box.x + box.width * 0.75;
  await page.mouse.move(x, y);
  await page.mouse.down();
  const before = await page.evaluate(() => (globalThis as unknown as PageGlobals).makanFrames!);
  const started = Date.now();
  let direction = -1;
  while (Date.now() - started < PAN_MS) {
    x += direction * 6;
    if (x < box.x + box.width * 0.25 || x > box.x + box.width * 0.75) direction = -direction;
    await page.mouse.move(x, y);
  }
  const frames = (await page.evaluate(() => (globalThis as unknown as PageGlobals).makanFrames!)) - before;
  const seconds = (Date.now() - started) / 1000;
  await page.mouse.up();
  return { fps: frames / seconds, markers };
}

ensureDatabase();
ensureClients();
const servers = [await serveClient(DB, 18_195, CLIENT_BEFORE), await serveClient(DB, 18_196, CLIENT_NOW)];
const browser = await launchBrowser();
try {
  for (const scene of SCENES) {
    const results = [];
    for (const port of [18_195, 18_196]) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'fa-IR' });
      // A frame counter from the document's start (plain text: functions passed from here get tsx's name helpers).
      await context.addInitScript({
        content:
          'window.makanFrames = 0; (function count() { window.makanFrames++; requestAnimationFrame(count); })();',
      });
      const page = await context.newPage();
      results.push(await panFps(page, `http://127.0.0.1:${port}/Village?lat=${scene.lat}&lng=${scene.lon}&z=8`));
      await context.close();
    }
    const [before, now] = results as [{ fps: number; markers: number }, { fps: number; markers: number }];
    console.log(
      `Pan, ${scene.label} in view, 1280x800, software WebGL: before ${before.fps.toFixed(1)} frames/s (${before.markers.toLocaleString('en-US')} markers drawn) | now ${now.fps.toFixed(1)} frames/s (${now.markers.toLocaleString('en-US')} drawn) | now/before ${(now.fps / before.fps).toFixed(2)}x`,
    );
  }
} finally {
  await browser.close();
  for (const server of servers) server.kill('SIGTERM');
}
