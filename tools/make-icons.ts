/**
 * The app's PNG icons (public/icons/) drawn from public/logo.svg by Chromium: 192 and 512 px, and a maskable
 * 512 px whose logo sits inside the safe circle on the brand colour. Run once when the logo changes:
 * `npx tsx tools/make-icons.ts`; the PNGs are committed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { launchBrowser } from './browser/launch';

const logo = readFileSync('public/logo.svg', 'utf8');
const ICONS = [
  { file: 'icon-192.png', size: 192, inset: 0 },
  { file: 'icon-512.png', size: 512, inset: 0 },
  // Maskable icons are cropped to a circle of 80% of their side: the logo keeps to 70%.
  { file: 'icon-maskable-512.png', size: 512, inset: 0.15 },
];

const browser = await launchBrowser();
try {
  mkdirSync('public/icons', { recursive: true });
  for (const { file, size, inset } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const pad = Math.round(size * inset);
    await page.setContent(
      `<body style="margin:0;background:${inset ? '#0b6e4f' : 'transparent'}">` +
        `<div style="padding:${pad}px;width:${size - 2 * pad}px;height:${size - 2 * pad}px">` +
        logo.replace(/width="64" height="64"/, 'width="100%" height="100%"') +
        '</div></body>',
    );
    writeFileSync(`public/icons/${file}`, await page.screenshot({ omitBackground: inset === 0 }));
    await page.close();
  }
} finally {
  await browser.close();
}
