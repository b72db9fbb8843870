import { resolve } from 'node:path';
import { launchBrowser } from '../tools/browser/launch';
import { serveClient } from './browserBench';
const server = await serveClient('bench/.data/makan-20000.db', 18_195, resolve('bench/.data/client'));
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: Number(process.argv[4] ?? 1280), height: 800 } });
  await page.goto(process.argv[2]!.replace('BASE', 'http://127.0.0.1:18195'));
  await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-testid="map"]')?.dataset.layersLoaded === 'true' && (globalThis as any).document.querySelector('[data-testid="map"]')?.dataset.mapLoaded === 'true', undefined, { timeout: 60000 });
  await page.waitForTimeout(3000);
  await page.screenshot({ path: process.argv[3]! });
} finally { await browser.close(); server.kill('SIGTERM'); }
