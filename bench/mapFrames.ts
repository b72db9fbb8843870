/**
 * npm run bench:frames
 * What a map frame costs a browser drawing WebGL without a GPU (Mesa's llvmpipe here): a type's page opened and
 * moved five times with the keyboard, at 1280 and 375 px, in Chromium as a visitor's runs it (its defaults) and as
 * the browser tests run it (their flags). Printed: the frames the map drew, the CPU-seconds of Chromium's GPU
 * process and of all its processes, and the GPU process's milliseconds per frame, against a floor measured in the
 * same run: the same page with every WebGL draw call dropped (the frames' fixed cost: clearing, compositing,
 * reading back). The map's own share is what lies above the floor.
 */
import { readFileSync, readdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchBrowser, TEST_BROWSER_ARGS } from '../tools/browser/launch';
import { prepareVisitorBench, serveClient, VISITOR_CLIENT, VISITOR_DB } from './browserBench';

const PORT = 18_197;
const URL = `http://127.0.0.1:${PORT}/Centers`;
const ROUNDS = 3;
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
];

/**
 * Counts the frames in which the map drew (animation frames that made a draw call) and, for the floor, drops every
 * draw call. Plain text: functions passed from here get tsx's name helpers.
 */
const counter = (drop: boolean) => `(() => {
  const counts = (window.makanDraws = { frames: 0 });
  let draws = 0;
  const gl = WebGL2RenderingContext.prototype;
  for (const name of ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced']) {
    const draw = gl[name];
    gl[name] = function (...args) { draws++; if (!${drop}) return draw.apply(this, args); };
  }
  const frame = window.requestAnimationFrame;
  window.requestAnimationFrame = (callback) => frame.call(window, (time) => {
    const before = draws;
    callback(time);
    if (draws > before) counts.frames++;
  });
})();`;

/** CPU-seconds so far of this process's Chromium descendants, by Chromium process type. */
function chromiumCpu(): Map<string, number> {
  const parent = new Map<number, number>();
  const info = new Map<number, { kind: string; seconds: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(entry), Number(fields[1]));
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!command.includes('chrom')) continue;
      const kind = /--type=([a-z-]+)/.exec(command)?.[1] ?? 'browser';
      info.set(Number(entry), { kind, seconds: (Number(fields[11]) + Number(fields[12])) / 100 });
    } catch {
      // A process that ended while being read.
    }
  }
  const ours = (pid: number): boolean => {
    for (let at = parent.get(pid); at !== undefined && at > 1; at = parent.get(at)) if (at === process.pid) return true;
    return false;
  };
  const totals = new Map<string, number>();
  for (const [pid, { kind, seconds }] of info) if (ours(pid)) totals.set(kind, (totals.get(kind) ?? 0) + seconds);
  return totals;
}

/** The little of the page the functions run there touch (this script compiles without the DOM's types). */
interface PageGlobals {
  document: { querySelector(selector: string): { dataset: Record<string, string | undefined> } | null };
  makanDraws?: { frames: number };
}

interface Run {
  frames: number;
  gpu: number;
  all: number;
}

async function openAndPan(browser: Browser, viewport: { width: number; height: number }, drop: boolean): Promise<Run> {
  const context = await browser.newContext({ viewport, locale: 'fa-IR', serviceWorkers: 'block' });
  await context.addInitScript({ content: counter(drop) });
  const page = await context.newPage();
  const before = chromiumCpu();
  await page.goto(URL);
  await page.waitForFunction(
    () => {
      const map = (globalThis as unknown as PageGlobals).document.querySelector('[data-testid="map"]');
      const data = map?.dataset ?? {};
      return data['mapLoaded'] === 'true' && data['layersLoaded'] === 'true' && /idle|ready/.test(data['state'] ?? '');
    },
    undefined,
    { timeout: 120_000, polling: 200 },
  );
  await page.locator('.maplibregl-canvas').focus();
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press(i % 2 ? 'ArrowLeft' : 'ArrowRight');
    await page.waitForTimeout(700);
  }
  await page.waitForTimeout(1_000);
  const after = chromiumCpu();
  const { frames } = await page.evaluate(() => (globalThis as unknown as PageGlobals).makanDraws!);
  await context.close();
  const spent = (kind?: string) =>
    [...after].reduce((sum, [k, s]) => (kind && k !== kind ? sum : sum + s - (before.get(k) ?? 0)), 0);
  return { frames, gpu: spent('gpu-process'), all: spent() };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

prepareVisitorBench();
const server = await serveClient(VISITOR_DB, PORT, VISITOR_CLIENT);
try {
  for (const [label, args] of [
    ['Chromium defaults', []],
    ['the browser tests flags', TEST_BROWSER_ARGS],
  ] as const) {
    const browser = await launchBrowser(args);
    try {
      for (const viewport of VIEWPORTS) {
        const runs: Record<'map' | 'floor', Run[]> = { map: [], floor: [] };
        // Interleaved, so the machine's noise falls on both alike.
        for (let round = 0; round < ROUNDS; round++)
          for (const kind of ['map', 'floor'] as const)
            runs[kind].push(await openAndPan(browser, viewport, kind === 'floor'));
        const line = (kind: 'map' | 'floor') => {
          const frames = median(runs[kind].map((r) => r.frames));
          const gpu = median(runs[kind].map((r) => r.gpu));
          const all = median(runs[kind].map((r) => r.all));
          return `${frames} frames, GPU process ${gpu.toFixed(2)} s (${((gpu / frames) * 1000).toFixed(0)} ms a frame), all Chromium ${all.toFixed(2)} s`;
        };
        console.log(
          `Open /Centers and five keyboard pans, ${viewport.width}x${viewport.height}, ${label} (median of ${ROUNDS}): ` +
            `map ${line('map')} | floor, nothing drawn: ${line('floor')}`,
        );
      }
    } finally {
      await browser.close();
    }
  }
} finally {
  server.kill('SIGTERM');
}
