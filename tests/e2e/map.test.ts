import { describe, expect, it } from 'vitest';
import type { MapLocation } from '../../src/domain/gateway';
import { typeByRoute } from '../../src/domain/locationTypes';
import { ARTIFACTS, useBrowserApp } from './fixture';

const env = useBrowserApp();

describe('map', () => {
  it('a viewport type below its minimum zoom requests clusters and shows the hint', async () => {
    const { app, context, errors } = await env.newApp();
    await app.open('/Centers');
    const state = await app.waitForMap('idle', (s) => s.clusters > 0);
    expect(state.markers).toBe(0);
    expect(app.clusterRequests().length).toBeGreaterThan(0);
    expect(app.lazyLoadBodies()).toEqual([]);
    expect(await app.zoomHint().innerText()).toBe('برای مشاهده مکان‌ها نقشه را بزرگ‌نمایی کنید');
    expect(await app.page.getByRole('status').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('zooming past the minimum requests LazyLoad with the visible bounds and hides the hint', async () => {
    const { app, context } = await env.newApp();
    await app.open('/Centers?lat=35.70000&lng=51.40000&z=9');
    await app.waitForMap('idle');
    expect(await app.zoomHint().count()).toBe(1);
    await app.zoomIn();
    await app.waitForMap('idle', (s) => s.zoom >= 10 && app.lazyLoadBodies().length > 0);
    expect(await app.zoomHint().count()).toBe(0);
    const bounds = app.lazyLoadBodies().at(-1)!;
    const box = (await app.map().boundingBox())!;
    expect(bounds.MinLat).toBeLessThan(35.7);
    expect(bounds.MaxLat).toBeGreaterThan(35.7);
    expect(bounds.MinLon).toBeLessThan(51.4);
    expect(bounds.MaxLon).toBeGreaterThan(51.4);
    // The box spans exactly what a 512-px-tile Web Mercator view of this width shows at zoom 10.
    const expectedWidth = (box.width / (512 * 2 ** 10)) * 360;
    expect((bounds.MaxLon - bounds.MinLon) / expectedWidth).toBeCloseTo(1, 1);
    await context.close();
  });

  it('a fixed type loads all locations once, and clicking a marker opens its details', async () => {
    const industries = typeByRoute('Industries')!;
    const rows = (await (await fetch(`${env.baseUrl}/api/Map/BindByOrglocationTypeID/${industries.typeId}`)).json()) as MapLocation[];
    const target = rows[0]!;
    const { app, page, context } = await env.newApp();
    await app.open(`/Industries?lat=${target.Lat}&lng=${target.Long}&z=17`);
    const state = await app.waitForMap('ready', (s) => s.markers > 0);
    expect(state.markers).toBe(rows.length);
    // The pin's tip is the location: click the pin's body just above it.
    await app.clickMapCentre(-22);
    await app.dialog().getByTestId('detail').waitFor();
    expect(await app.dialog().getByRole('heading', { level: 2 }).innerText()).toBe(target.Name);
    expect(page.url()).toContain(`loc=${target.Guid}`);
    await app.dialog().getByRole('button', { name: 'جزئیات بیشتر' }).click();
    await app.dialog().getByRole('img', { name: 'تصویر محل' }).waitFor();
    expect(await app.dialog().getByRole('img', { name: 'تصویر محل' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await app.dialog().getByRole('checkbox').count()).toBe(1);
    expect(await app.dialog().getByRole('link', { name: 'آیین‌نامه آموزشی' }).getAttribute('href')).toMatch(/^\/api\/files\//);
    await page.screenshot({ path: `${ARTIFACTS}/detail-1280.png` });
    await page.keyboard.press('Escape');
    await app.dialog().waitFor({ state: 'detached' });
    expect(page.url()).not.toContain('loc=');
    // Moving the map never reloads a fixed type.
    await app.zoomIn();
    await app.waitForMap('ready', (s) => s.zoom >= 17.9);
    expect(app.apiRequests.filter((r) => r.url().includes('BindByOrglocationTypeID')).length).toBe(1);
    await context.close();
  });

  it('the marker list opens a location with the keyboard alone', async () => {
    const { app, page, context } = await env.newApp();
    await app.open('/Guilds?lat=32.5&lng=54&z=6');
    const state = await app.waitForMap('ready', (s) => s.markers > 0);
    const listButton = page.getByRole('button', { name: `فهرست ${state.markers.toLocaleString('en-US')} مکان روی نقشه` });
    await listButton.focus();
    await page.keyboard.press('Enter');
    const first = page.locator('.marker-list-item').first();
    await first.waitFor();
    const name = await first.innerText();
    await first.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('detail').waitFor();
    expect(await page.getByRole('heading', { level: 2, name }).count()).toBe(1);
    await context.close();
  });

  it('a shared link with loc reopens the location', async () => {
    const industries = typeByRoute('Industries')!;
    const [target] = (await (await fetch(`${env.baseUrl}/api/Map/BindByOrglocationTypeID/${industries.typeId}`)).json()) as MapLocation[];
    const { app, context } = await env.newApp({ width: 375, height: 740 });
    await app.open(`/Industries?loc=${target!.Guid}`);
    await app.dialog().getByTestId('detail').waitFor();
    expect(await app.dialog().getByRole('heading', { level: 2 }).innerText()).toBe(target!.Name);
    await app.page.screenshot({ path: `${ARTIFACTS}/detail-375.png` });
    await context.close();
  });

  it('a failing API shows a Persian error with a retry that recovers', async () => {
    const { app, page, context } = await env.newApp();
    await page.route('**/api/TVTOBase/OrglocationMap/**', (route) => route.abort('connectionrefused'));
    // A deep-linked camera skips the opening glide, whose moves would each retry on their own.
    await app.open('/Workshop?lat=32.5&lng=54&z=6');
    await app.waitForMap('failed');
    const alert = page.getByTestId('map-error');
    expect(await alert.innerText()).toContain('ارتباط با سرور برقرار نشد');
    expect(await page.getByTestId('map-loading').count()).toBe(0);
    await page.screenshot({ path: `${ARTIFACTS}/map-error-1280.png` });
    await page.unroute('**/api/TVTOBase/OrglocationMap/**');
    await alert.getByRole('button', { name: 'تلاش دوباره' }).click();
    await app.waitForMap('idle', (s) => s.clusters > 0);
    expect(await alert.count()).toBe(0);
    await context.close();
  });
});
