/**
 * Drives the browser's own history as a visitor does with the system Back (a phone's back gesture), and reads
 * what is open: dialogs, drawers, the tab, the sidebar, and where the focus is.
 */
import type { Page } from 'playwright-core';
import type { AppDriver } from './AppDriver';
import { fa } from '../../../src/i18n/fa';

export class HistoryDriver {
  constructor(
    readonly app: AppDriver,
    readonly page: Page,
  ) {}

  /**
   * The system Back, then a wait until the page has handled it: the pop heard (or the page left), a frame drawn
   * and the dialogs' closing transitions over.
   */
  async back(): Promise<void> {
    const leaving = await this.page.evaluate(() => {
      const w = window as Window & { backPending?: boolean };
      w.backPending = true;
      window.addEventListener('popstate', () => (w.backPending = false), { once: true });
      return history.length;
    });
    // Playwright's goBack returns on the page's next navigation of any kind, and the map's own replaceState of
    // its camera can come first, before the Back is handled: so the wait is on the page, not on goBack. Another
    // document in this one's place (the Back left the app) never set the flag.
    await this.page.goBack({ waitUntil: 'commit' });
    if (leaving < 2) return;
    await this.page.waitForFunction(() => (window as Window & { backPending?: boolean }).backPending !== true);
    if (this.page.url() === 'about:blank') return;
    await this.settled();
  }

  /**
   * No dialog or drawer is moving (Mantine's transitions; endless ones such as a spinner's are not waited for) and
   * React has drawn a frame since.
   */
  async settled(): Promise<void> {
    await this.page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    );
    await this.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  }

  path(): string {
    const url = new URL(this.page.url());
    return url.protocol === 'about:' ? url.href : url.pathname;
  }

  param(name: string): string | null {
    return new URL(this.page.url()).searchParams.get(name);
  }

  /** Dialogs (the detail, the list, downloads) and drawers (the marker list, near me) shown now. */
  async openOverlays(): Promise<number> {
    return this.page.locator('.mantine-Modal-content:visible, .mantine-Drawer-content:visible').count();
  }

  async selectedTab(): Promise<string> {
    return this.page.getByRole('tab', { selected: true }).innerText();
  }

  detail() {
    return this.page.getByRole('dialog').filter({ has: this.page.getByTestId('detail') });
  }

  directions() {
    return this.detail().getByTestId('directions');
  }

  async sidebarOpen(): Promise<boolean> {
    return (await this.page.locator('#sidebar').getAttribute('aria-hidden')) !== 'true';
  }

  async openSidebar(): Promise<void> {
    await this.page.getByRole('button', { name: fa.openMenu }).click();
    await this.settled();
  }

  /** What holds the focus: its tag, and whether it lies inside `selector`. */
  async focusIsIn(selector: string): Promise<boolean> {
    return this.page.evaluate((s) => document.querySelector(s)?.contains(document.activeElement) ?? false, selector);
  }

  async focusedText(): Promise<string> {
    return this.page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? '');
  }
}
