/** Debian's Chromium driven by playwright-core, with the flags that give WebGL2 on Mesa llvmpipe here (tests and benchmarks). */
import { chromium, type Browser } from 'playwright-core';
import { ensure } from '../provision/provision';
import { CHROMIUM } from '../provision/requirements';

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
