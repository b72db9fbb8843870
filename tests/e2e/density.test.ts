/**
 * Analyst scale: a view holding more locations than the gateway's 20,000-row cap draws every one
 * of them (Makan's compact form, decoded in a worker), as dots; each stays clickable, and the marker list
 * says to zoom in rather than list thousands. API answers revalidate: a repeat is a 304.
 */
import { writeFileSync } from 'node:fs';
import { suiteDir } from '../support/testDir';

import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LAZYLOAD_ROW_CAP } from '../../domain/gateway';
import type { ViewportBounds } from '../../domain/wire/requests';
import { typeByRoute } from '../../domain/locationTypes';
import { decodePoints, POINTS_MEDIA_TYPE } from '../../domain/pointsWire';
import { ApiClient } from '../support/testServer';
import { expectAccessible } from './drivers/accessibility';
import { ARTIFACTS, useBrowserApp } from './fixture';
import { fa } from '../../src/i18n/fa';
import { runScript } from '../support/serverProcess';

const env = useBrowserApp();
const village = typeByRoute('Village')!;
const DENSE = LAZYLOAD_ROW_CAP + 1_500;
const CENTRE = { lat: 35.3, lon: 51.0 };

/** Villages packed around CENTRE, imported through the import CLI like an operator would. */
function importDenseVillages(dbFile: string): void {
  const rows = ['Guid,Type,NameMakanAmoozeshi,Lat,Long'];
  for (let i = 0; i < DENSE; i++) {
    const hex = (i + 1).toString(16).padStart(12, '0');
    // A grid of 150 x 147 points, 0.004 degrees apart: about 0.6 x 0.6 degrees.
    const lat = CENTRE.lat - 0.3 + Math.floor(i / 150) * 0.004;
    const lon = CENTRE.lon - 0.3 + (i % 150) * 0.004;
    rows.push(
      `D0000000-0000-4000-8000-${hex.toUpperCase()},Village,کارگاه روستایی ${i + 1},${lat.toFixed(5)},${lon.toFixed(5)}`,
    );
  }
  const { dir, remove } = suiteDir('dense');
  const file = join(dir, 'villages.csv');
  writeFileSync(file, rows.join('\n') + '\n');
  const run = runScript('import', [file, '--db', dbFile]);
  remove();
  if (run.code !== 0) throw new Error(`import failed: ${run.err}`);
}

async function compactCount(bounds: ViewportBounds): Promise<number> {
  const api = new ApiClient(env.baseUrl);
  await api.request('/api/types');
  const response = await api.request(`/api/Map/LazyLoad/${village.typeId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: POINTS_MEDIA_TYPE },
    body: JSON.stringify(bounds),
  });
  return decodePoints(await response.arrayBuffer()).count;
}

describe('a dense view', () => {
  beforeAll(() => importDenseVillages(env.server.dbFile), 120_000);

  it('draws every location past the old cap, as clickable dots, and the list asks to zoom in', () =>
    env.withApp(async ({ app, page }) => {
      await app.open(`/Village?lat=${CENTRE.lat}&lng=${CENTRE.lon}&z=${village.minZoom}`);
      const state = await app.waitForMap('idle', (s) => s.markers > LAZYLOAD_ROW_CAP && s.layersLoaded, 60_000);
      const bounds = (await app.askedBounds()).at(-1)!;
      expect(state.markers).toBe(await compactCount(bounds));
      expect(state.markers).toBeGreaterThanOrEqual(DENSE);
      expect(state.markerForm).toBe('dots');
      await page.screenshot({ path: `${ARTIFACTS}/dense-1280.png` });

      await app.clickDotAt(CENTRE.lat, CENTRE.lon);
      await app.dialog().getByTestId('detail').waitFor();
      expect(await app.dialog().getByRole('heading', { level: 2 }).innerText()).toMatch(/^کارگاه روستایی/);
      await page.keyboard.press('Escape');
      await app.dialog().waitFor({ state: 'detached' });

      await page.locator('.marker-list-button').click();
      await page.getByTestId('marker-list-too-many').waitFor();
      // axe reads colours: checked once the drawer's fade-in is over, not through it.
      await app.waitForDrawerSettled();
      await expectAccessible(page, 'dense map, the marker list asking to zoom in');
    }));

  it('a repeated API answer is revalidated and served from the browser cache (304)', () =>
    env.withApp(async ({ app, page }) => {
      // Chromium reports a revalidated answer as the cached 200; what went over the wire is read from its headers.
      const exchanges: { ifNoneMatch: string | undefined; etag: string | undefined; length: string | undefined }[] = [];
      page.on('response', async (response) => {
        if (!response.url().includes('/api/TVTOBase/OrglocationChartData/')) return;
        const [sent, received] = await Promise.all([response.request().allHeaders(), response.allHeaders()]);
        exchanges.push({
          ifNoneMatch: sent['if-none-match'],
          etag: received['etag'],
          length: received['content-length'],
        });
      });
      // Each time from a map that has drawn: until then the app answers from what the page came with
      // (src/api/pageAnswers.ts), and the statistics' call would not reach the network at all.
      await app.open('/Village');
      await app.waitForMap('settled');
      await app.tab(fa.tabStats).click();
      await page.getByTestId('column-chart').waitFor();
      await app.open('/Village');
      await app.waitForMap('settled');
      await app.tab(fa.tabStats).click();
      await page.getByTestId('column-chart').waitFor();
      await expect.poll(() => exchanges.length).toBe(2);
      const [first, second] = exchanges as [(typeof exchanges)[0], (typeof exchanges)[0]];
      expect(first.ifNoneMatch).toBeUndefined();
      expect(second.ifNoneMatch).toBe(first.etag);
      // The server's 304 carried no body; the chart was drawn from the browser's copy.
      expect(second.length).toBe('0');
      expect(await page.getByTestId('column-chart').count()).toBe(1);
    }));
});
