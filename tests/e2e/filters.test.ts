/**
 * Filters, as a visitor uses them: on a map of centres they choose "women's" in the filter panel; the map
 * draws only those, the marker list names only those, the statistics count only those, and Back returns
 * to everything. Every figure is checked against the server asked the same question directly.
 */
import { describe, expect, it } from 'vitest';
import type { FacetsAnswer } from '../../domain/wire/answers';
import type { ChartRow, MapLocation } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import { fa } from '../../src/i18n/fa';
import { formatCount } from '../../src/i18n/format';
import { ApiClient } from '../support/testServer';
import { expectAccessible } from './drivers/accessibility';
import { FilterDriver } from './drivers/FilterDriver';
import { StatsDriver } from './drivers/StatsDriver';
import { ARTIFACTS, DESKTOP, PHONE, useBrowserApp } from './fixture';

const env = useBrowserApp();
const centers = typeByRoute('Centers')!;
const WOMEN = 'زنانه';

async function api<T>(path: string): Promise<T> {
  return (await (await fetch(`${env.baseUrl}/api/${path}`)).json()) as T;
}
const total = (rows: ChartRow[]) => rows.reduce((sum, row) => sum + row.Count, 0);

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('filters (%s)', (label, viewport) => {
  it('a chosen value narrows the map, its list and the statistics, and Back undoes it', async () => {
    const facets = await api<FacetsAnswer>(`facets/${centers.typeId}`);
    const women = facets.gender.find((f) => f.Value === WOMEN)!;
    const filteredRows = await api<ChartRow[]>(
      `TVTOBase/OrglocationChartData/${centers.typeId}?gender=${encodeURIComponent(WOMEN)}`,
    );
    const allRows = await api<ChartRow[]>(`TVTOBase/OrglocationChartData/${centers.typeId}`);
    expect(total(filteredRows)).toBe(women.Count);

    await env.withApp(async ({ app, page }) => {
      await app.open('/Centers?lat=35.70&lng=51.40&z=10');
      const before = await app.waitForMap('idle', (s) => s.markers > 0);
      const filters = new FilterDriver(page);
      await filters.open();
      // Each value with its count, as the server counts it.
      expect(await filters.chips('gender')).toContain(`${WOMEN} (${formatCount(women.Count)})`);
      await expectAccessible(page, 'the filter panel');
      await page.screenshot({ path: `${ARTIFACTS}/filters-panel-${label}.png` });

      await filters.toggle('gender', WOMEN);
      expect(filters.addressValues('gender')).toEqual([WOMEN]);
      await filters.close();
      expect(await filters.buttonName()).toBe(`${fa.filters.button} (${formatCount(1)})`);
      // The map asked for this view under the filter, and draws exactly what the server answers for it.
      const after = await app.waitForMap('idle', (s) => s.markers !== before.markers);
      const lastTile = app.tileRequests().at(-1)!;
      expect(lastTile.searchParams.getAll('gender')).toEqual([WOMEN]);
      const expected = (await (
        await new ApiClient(env.baseUrl).post(
          `/api/Map/LazyLoad/${centers.typeId}?gender=${encodeURIComponent(WOMEN)}`,
          (await app.askedBounds()).at(-1)!,
        )
      ).json()) as MapLocation[];
      expect(after.markers).toBe(expected.length);
      expect(after.markers).toBeLessThan(before.markers);
      // The marker list names only women's centres.
      await app.openMarkerList();
      const listed = await page.locator('.marker-list-item').allInnerTexts();
      const names = new Set(expected.map((l) => l.Name));
      expect(listed.length).toBeGreaterThan(0);
      for (const item of listed)
        expect(
          [...names].some((name) => item.includes(name)),
          item,
        ).toBe(true);
      await page.keyboard.press('Escape');

      // The statistics count the same locations.
      await app.tab(fa.tabStats).click();
      const stats = new StatsDriver(page);
      await stats.waitReady();
      await expect.poll(() => stats.totalText()).toContain(formatCount(total(filteredRows)));
      expect(await page.getByTestId('filter-summary').innerText()).toBe(
        fa.filters.active(`${fa.filters.facet.gender}: ${WOMEN}`),
      );
      await page.screenshot({ path: `${ARTIFACTS}/filters-stats-${label}.png` });

      // Back: first from the statistics to the map (a tab switch is a step), then the filter goes, and the map
      // shows every centre again.
      await page.goBack();
      await expect.poll(() => page.getByRole('tab', { selected: true }).innerText()).toBe(fa.tabMap);
      expect(filters.addressValues('gender')).toEqual([WOMEN]);
      await page.goBack();
      await expect.poll(() => filters.addressValues('gender')).toEqual([]);
      await app.waitForMap('idle', (s) => s.markers === before.markers);
      await app.tab(fa.tabStats).click();
      await stats.waitReady();
      await expect.poll(() => stats.totalText()).toContain(formatCount(total(allRows)));
    }, viewport);
  });

  it('"open to women" counts the mixed centres women attend, not the women\'s alone', async () => {
    const facets = await api<FacetsAnswer>(`facets/${centers.typeId}`);
    const count = (value: string) => facets.gender.find((f) => f.Value === value)?.Count ?? 0;
    const openToWomen = count(WOMEN) + count('مختلط');
    expect(count('مختلط')).toBeGreaterThan(0);
    await env.withApp(async ({ app, page }) => {
      await app.open('/Centers?tab=stats');
      const stats = new StatsDriver(page);
      await stats.waitReady();
      const filters = new FilterDriver(page);
      await filters.open();
      await filters.chooseAudience(fa.filters.audience.women);
      expect(filters.addressValues('gender').sort()).toEqual([WOMEN, 'مختلط'].sort());
      await filters.close();
      await expect.poll(() => stats.totalText()).toContain(formatCount(openToWomen));
      await page.screenshot({ path: `${ARTIFACTS}/filters-open-to-women-${label}.png` });
    }, viewport);
  });
});
