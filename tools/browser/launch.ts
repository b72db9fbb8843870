/** Debian's Chromium driven by playwright-core, with the flags that give WebGL2 on Mesa llvmpipe here (tests and benchmarks). */
import { chromium, type Browser } from 'playwright-core';
import { ensure } from '../provision/provision';
import { CHROMIUM } from '../provision/requirements';

/**
 * For the browser tests: the page's own layers painted by Skia on the CPU rather than through Mesa's llvmpipe,
 * which does it more slowly; WebGL (the map) is drawn by llvmpipe as before. A type's first screen took 3.8
 * CPU-seconds of Chromium's GPU process with GPU painting and 2.6 without; tests/e2e/map.test.ts went from 63 s to
 * 57 s (issue 56). Software compositing as well was tried and dropped: the map's WebGL output then never reached
 * the page. Benchmarks keep Chromium's defaults, which are what a visitor's browser does.
 */
export const TEST_BROWSER_ARGS = ['--disable-gpu-rasterization'] as const;

/**
 * `extraArgs`: more Chromium flags, such as a remote-debugging port for Lighthouse (bench/firstLoad.ts).
 * Chromium is provisioned here too, so a benchmark or tool run first on a fresh machine finds it as the tests do.
 */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const executablePath = ensure(CHROMIUM);
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
