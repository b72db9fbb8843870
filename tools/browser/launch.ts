/** Debian's Chromium driven by playwright-core, with the flags that give WebGL2 on Mesa llvmpipe here (tests and benchmarks). */
import { chromium, type Browser } from 'playwright-core';
import { ensure } from '../provision/provision';
import { CHROMIUM } from '../provision/requirements';

/**
 * For the browser tests: the page's own layers painted and composited by Skia on the CPU, and only WebGL left to
 * Mesa's llvmpipe. Compositing through llvmpipe cost more than the page's painting itself: a type's first screen
 * took 6.8 CPU-seconds of Chromium with it and 5.9 without, a statistics tab 4.8 and 3.5 (issue 56). Benchmarks
 * keep Chromium's defaults, which are what a visitor's browser does.
 */
export const TEST_BROWSER_ARGS = ['--disable-gpu-rasterization', '--disable-gpu-compositing'] as const;

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
      ...extraArgs,
    ],
  });
}
