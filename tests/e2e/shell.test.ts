import { describe, expect, it } from 'vitest';
import { LOCATION_TYPES, MENU_ENTRIES } from '../../domain/locationTypes';
import { ARTIFACTS, DESKTOP, PHONE, useBrowserApp } from './fixture';
import { fa } from '../../src/i18n/fa';

const env = useBrowserApp();

describe('shell', () => {
  // A link to each route answers the same page shell, with that route's own title (tests/api/pages.test.ts); here
  // the app, opened at the first route, is taken to every other one as its own links take it (history.pushState,
  // what wouter's navigate calls): each route's screen is the app's route table's, one page load for all of them.
  it('every catalogue route renders the main screen; any other path the Persian not-found page', () =>
    env.withApp(async ({ app }) => {
      await app.open(`/${LOCATION_TYPES[0]!.route}`);
      for (const type of LOCATION_TYPES) {
        await app.goWithinApp(`/${type.route}`);
        await expect
          .poll(() => app.page.locator('.type-title').innerText(), { message: type.route })
          .toBe(type.titleFa);
        expect(await app.map().count(), type.route).toBe(1);
      }
      await app.open('/NoSuchPage');
      await app.page.getByTestId('not-found').waitFor();
      expect(await app.page.getByRole('heading', { name: fa.notFoundTitle }).count()).toBe(1);
      await app.page.getByRole('link', { name: fa.backHome }).click();
      await app.map().waitFor();
    }));

  it('the sidebar lists the 14 entries in order as links; the active one follows navigation, back and forward', () =>
    env.withApp(async ({ app }) => {
      await app.open('/Centers');
      const links = app.sidebarLinks();
      expect(await links.count()).toBe(14);
      expect(await links.allInnerTexts()).toEqual(MENU_ENTRIES.map((e) => e.titleFa));
      expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(
        MENU_ENTRIES.map((e) => `/${e.route}`),
      );
      expect(await app.activeSidebarLink().innerText()).toBe('مراکز سازمان');
      await app.page.getByRole('link', { name: 'کارگاه روستایی' }).click();
      await app.page.waitForURL(/\/Village/);
      expect(await app.activeSidebarLink().innerText()).toBe('کارگاه روستایی');
      await app.page.goBack();
      await app.page.waitForURL(/\/Centers/);
      expect(await app.activeSidebarLink().innerText()).toBe('مراکز سازمان');
      await app.page.goForward();
      await app.page.waitForURL(/\/Village/);
      expect(await app.activeSidebarLink().innerText()).toBe('کارگاه روستایی');
      // Routes without a menu entry work and highlight nothing.
      await app.open('/Barracks');
      expect(await app.activeSidebarLink().count()).toBe(0);
    }));

  it('the statistics tab is disabled on the empty path and MainOffice only', () =>
    env.withApp(async ({ app }) => {
      await app.open('/');
      for (const [path, disabled] of [
        ['/', true],
        ['/MainOffice', true],
        ['/Centers', false],
        ['/Prison', false],
      ] as const) {
        await app.goWithinApp(path);
        await expect.poll(() => app.tab(fa.tabStats).isDisabled(), { message: path }).toBe(disabled);
        expect(await app.tab(fa.tabMap).getAttribute('aria-selected'), path).toBe('true');
      }
    }));

  it('the menu button toggles the sidebar; it starts open above 768 px and closed below', async () => {
    await env.withApp(async ({ app, page }) => {
      await app.open('/Centers');
      expect(await page.locator('#sidebar').isVisible()).toBe(true);
      await page.getByRole('button', { name: fa.closeMenu }).click();
      await page.locator('#sidebar').waitFor({ state: 'hidden' });
    }, DESKTOP);
    await env.withApp(async ({ app, page }) => {
      await app.open('/Centers');
      expect(await page.locator('#sidebar').isVisible()).toBe(false);
      await page.getByRole('button', { name: fa.openMenu }).click();
      await page.locator('#sidebar').waitFor({ state: 'visible' });
    }, PHONE);
  });

  it('lays out right-to-left at 1280 px and 375 px with nothing overlapping in the toolbar', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await env.withApp(async ({ app, page }) => {
        await app.open('/Academy');
        await app.waitForMap('idle');
        expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
          'fa',
          'rtl',
        ]);
        const menu = (await page.locator('.toolbar button').first().boundingBox())!;
        const title = (await page.locator('.toolbar-titles').boundingBox())!;
        // RTL: the menu button sits at the right edge, the title to its left, not overlapping.
        expect(menu.x + menu.width).toBeGreaterThan(viewport.width - 60);
        expect(title.x + title.width).toBeLessThanOrEqual(menu.x);
        expect(title.x).toBeGreaterThanOrEqual(0);
        expect(await page.locator('.toolbar-subtitle').isVisible()).toBe(viewport.width > 599);
        await page.screenshot({ path: `${ARTIFACTS}/academy-${viewport.width}.png` });
      }, viewport);
    }
  });
});
