/**
 * Debian's Chromium driven by playwright-core, with the flags that give WebGL2 on Mesa llvmpipe here: Chromium for
 * the benchmarks and tools, its headless shell for the browser tests.
 */
import { chromium, type Browser } from 'playwright-core';
import { ensure } from '../provision/provision';
import { CHROMIUM, CHROMIUM_HEADLESS_SHELL } from '../provision/requirements';

/**
 * For the browser tests: the page painted and composited by Skia on the CPU rather than through Mesa's llvmpipe,
 * which does both more slowly; WebGL (the map) is still drawn by llvmpipe, and its frames composited with the page
 * as Chrome does on a machine whose GPU it will not use. GPU painting cost a type's first screen 3.8 CPU-seconds of
 * Chromium's GPU process against 2.6 without (tests/e2e/map.test.ts 63 s against 57 s). Compositing through
 * llvmpipe then cost some 40 ms a frame, about 40 frames a map page's load: a map page took 4.9 CPU-seconds in all
 * of Chromium's processes with it and 3.6 without (the GPU process 2.2 against 1.35), and the map and journey files
 * took 257 and 253 CPU-seconds with it, 206 and 213 without (issue 56). The pixels the tests count are the same.
 * One picture is not: on a phone, with the nearest places' sheet open after the map flew out from a town's scale,
 * the map's canvas is not composited again and shows only its sea colour under the pins (places-nearest-phone.png),
 * though MapLibre has drawn its provinces there (queryRenderedFeatures finds them); with Chromium's own flags the
 * same journey draws them. A blank map in a test's picture is worth checking with these flags left out.
 * Benchmarks keep Chromium's defaults, which are what a visitor's browser does.
 */
export const TEST_BROWSER_ARGS = [
  '--disable-gpu-rasterization',
  '--disable-gpu-compositing',
  // V8 without its helper threads (concurrent compiling, marking and sweeping): on two cores shared by two
  // browser files, the work they do in parallel costs more in all than doing it in turn. A map page's load took
  // 3.32 CPU-seconds of Chromium against 3.62 and 3.73 (its renderer's thread pool 0.37 against 0.81), and the
  // map and find files together, two at a time, 92 and 94 s (172 and 173 CPU-s) against 101 and 104 s (185 CPU-s
  // both), alternated (issue 56). What the page does and draws is the same; only when V8 works changes.
  // And V8 no further than its baseline compiler (Sparkplug): a test's page lives seconds, too short for optimised
  // code (Maglev, TurboFan, compiled on the page's own thread here) to earn back its compiling. The map and find
  // files took 287, 241 and 284 CPU-seconds of the machine against 340, 290 and 324 with every tier, in three rounds
  // alternated, one of them in reverse order (with Maglev the last tier: 307, 263, 291); the equity and statistics
  // files, whose pages live longer, 239 and 238 against 235 and 240 (issue 56).
  '--js-flags=--single-threaded --max-opt=1',
] as const;

/**
 * `extraArgs`: more Chromium flags, such as a remote-debugging port for Lighthouse (bench/firstLoad.ts).
 * Chromium is provisioned here too, so a benchmark or tool run first on a fresh machine finds it, as the tests
 * find theirs.
 */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return launch(ensure(CHROMIUM), extraArgs);
}

/** The browser tests' browser: Chromium's headless shell (tools/provision/requirements.ts), with TEST_BROWSER_ARGS. */
export function launchTestBrowser(): Promise<Browser> {
  return launch(ensure(CHROMIUM_HEADLESS_SHELL), TEST_BROWSER_ARGS);
}

function launch(executablePath: string, extraArgs: readonly string[]): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-gl=angle',
      '--use-angle=gl-egl',
      '--ignore-gpu-blocklist',
      // Headless Chromium still builds a browser window's own pages (the address bar's popup, made as WebUI in a
      // renderer of its own) for every context: about 0.6 CPU-seconds each, and a page's load here is about 5. No
      // visitor's page depends on them, so tests and benchmarks alike go without (Chromium merges this list with
      // Playwright's own).
      '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,PreloadTopChromeWebUI',
      ...extraArgs,
    ],
  });
}
