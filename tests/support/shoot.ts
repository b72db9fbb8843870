/** Manual look: tsx tests/support/shoot.ts <url> <out.png> [width] [height] */
import { launchBrowser } from './browser';

const [url, out, width = '1280', height = '800'] = process.argv.slice(2);
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
page.on('console', (m) => console.log('console:', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(url!);
await page.waitForTimeout(Number(process.env['WAIT'] ?? 4000));
await page.screenshot({ path: out! });
await browser.close();
