/** Debian's Chromium driven by playwright-core, with the flags that give WebGL2 on Mesa llvmpipe here (tests and benchmarks). */
import { chromium, type Browser } from 'playwright-core';
import { locate } from '../provision/provision';
import { CHROMIUM } from '../provision/requirements';

/** `extraArgs`: more Chromium flags, such as a remote-debugging port for Lighthouse (bench/firstLoad.ts). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const executablePath = locate(CHROMIUM);
  if (!executablePath)
    throw new Error('Chromium is missing: the browser suites provision it in tests/setup/browserSuite.ts');
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
