/** axe on every page and state a visitor meets, at desktop and phone widths: no serious or critical violation. */
import { describe, expect, it } from 'vitest';
import type { MapLocation } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import { expectAccessible, seriousViolations } from './drivers/accessibility';
import { FindDriver } from './drivers/FindDriver';
import { StatsDriver } from './drivers/StatsDriver';
import { DESKTOP, PHONE, useBrowserApp } from './fixture';
import { fa } from '../../src/i18n/fa';

const env = useBrowserApp();

async function firstIndustry(): Promise<MapLocation> {
  const type = typeByRoute('Industries')!;
  return (
    (await (await fetch(`${env.baseUrl}/api/Map/BindByOrglocationTypeID/${type.typeId}`)).json()) as MapLocation[]
  )[0]!;
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('accessibility at %s width', (label, viewport) => {
  it('map tab: clusters with the zoom hint, then markers and their list', () =>
    env.withApp(async ({ app, page }) => {
      await app.open('/Centers');
      await app.waitForMap('idle', (s) => s.clusters > 0);
      await expectAccessible(page, `${label} map with clusters`);
      await app.open('/Guilds?lat=32.5&lng=54&z=6');
      await app.waitForMap('ready', (s) => s.markers > 0);
      await expectAccessible(page, `${label} map with markers`);
      await app.openMarkerList();
      await expectAccessible(page, `${label} marker list`);
    }, viewport));

  it('search results open, near me listed and near me refused', () =>
    env.withApp(async ({ app, page, context }) => {
      await app.open('/Centers');
      await app.waitForMap('idle');
      const find = new FindDriver(page);
      await find.searchFor('مرکز');
      await expectAccessible(page, `${label} search results`);
      await page.keyboard.press('Escape');
      await find.nearMe();
      await find.nearMeError().waitFor();
      await expectAccessible(page, `${label} near me refused`);
      await page.keyboard.press('Escape');
      await find.allowPosition(context, 35.7, 51.4);
      await find.nearMe();
      await find.nearbyList().waitFor();
      await expectAccessible(page, `${label} near me listed`);
    }, viewport));

  it('detail dialog, with more details shown', async () => {
    const target = await firstIndustry();
    await env.withApp(async ({ app, page }) => {
      await app.open(`/Industries?loc=${target.Guid}`);
      await app.dialog().getByTestId('detail').waitFor();
      await expectAccessible(page, `${label} detail dialog`);
      await app.dialog().getByRole('button', { name: fa.detail.moreDetails }).click();
      await app.dialog().getByRole('img', { name: 'تصویر محل' }).waitFor();
      await expectAccessible(page, `${label} detail dialog with more details`);
    }, viewport);
  });

  it('statistics tab, province dropdown open, list dialog', () =>
    env.withApp(async ({ app, page }) => {
      await app.open('/Academy?tab=stats');
      const stats = new StatsDriver(page);
      await stats.waitReady();
      await expectAccessible(page, `${label} statistics`);
      await stats.openProvinceSelect();
      await expectAccessible(page, `${label} province dropdown open`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: fa.stats.showList }).click();
      await stats.waitForWholeList();
      await expectAccessible(page, `${label} list dialog`);
    }, viewport));

  it('error states and the not-found page', () =>
    env.withApp(async ({ app, page, problems }) => {
      problems.expect(/ERR_CONNECTION_REFUSED|status of 500|http 500/);
      await page.route('**/api/TVTOBase/OrglocationMap/**', (route) => route.abort('connectionrefused'));
      await app.open('/Workshop?lat=32.5&lng=54&z=7');
      await app.waitForMap('failed');
      await expectAccessible(page, `${label} map error`);
      await page.route('**/api/TVTOBase/OrglocationChartData/**', (route) =>
        route.fulfill({ status: 500, body: '{"error":"internal","message":"x"}' }),
      );
      // Opened from the map: the statistics' first figures come with a page that opens on them (the app does not
      // ask for them then), so the failing call is the one the tab makes once the app is up.
      await page.unroute('**/api/TVTOBase/OrglocationMap/**');
      await app.open('/Academy');
      await app.waitForMap('settled');
      await app.tab(fa.tabStats).click();
      await page.getByTestId('stats-error').waitFor();
      await expectAccessible(page, `${label} statistics error`);
      await app.open('/NoSuchPage');
      await page.getByTestId('not-found').waitFor();
      await expectAccessible(page, `${label} not-found page`);
      // The check itself finds what it is for: a button with no name planted in the page is a serious violation.
      await page.evaluate(() => document.body.append(document.createElement('button')));
      expect(await seriousViolations(page)).toEqual([expect.stringMatching(/^button-name \(critical\)/)]);
    }, viewport));
});
