/**
 * What a visit does around its map's first drawing, on the page's own clock: when the map first showed its
 * bubbles or markers, the load event, the bold font's request and the service worker's registration.
 */
import type { Page } from 'playwright-core';

export interface FirstScreenTimes {
  drawnAt: number;
  loadAt: number;
  boldAt: number | null;
  registeredAt: number | null;
}

interface Clock {
  mapDrawnAt?: number;
  workerRegisteredAt?: number;
}

export class FirstScreenDriver {
  constructor(readonly page: Page) {}

  /** Before the page opens: starts watching the map and the service worker's registration. */
  async givenTheClocksStarted(): Promise<void> {
    await this.page.addInitScript(() => {
      const clock = window as unknown as Clock;
      new MutationObserver((_, observer) => {
        const map = document.querySelector<HTMLElement>('[data-testid="map"][data-layers-loaded="true"]');
        if (!map || Number(map.dataset['clusters']) + Number(map.dataset['markers']) === 0) return;
        clock.mapDrawnAt = performance.now();
        observer.disconnect();
      }).observe(document, {
        subtree: true,
        attributes: true,
        attributeFilter: ['data-layers-loaded', 'data-clusters', 'data-markers'],
      });
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (...args) {
        clock.workerRegisteredAt ??= performance.now();
        return register.apply(this, args);
      };
    });
  }

  /** The times, once the map has drawn and `until` has happened. */
  async when(until: 'boldAt' | 'registeredAt'): Promise<FirstScreenTimes> {
    const handle = await this.page.waitForFunction((wanted) => {
      const clock = window as unknown as Clock;
      const bold = performance.getEntriesByType('resource').find((e) => /-700-normal[^/]*\.woff2$/.test(e.name));
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const times = {
        drawnAt: clock.mapDrawnAt ?? null,
        loadAt: navigation?.loadEventStart || null,
        boldAt: bold?.startTime ?? null,
        registeredAt: clock.workerRegisteredAt ?? null,
      };
      return times.drawnAt !== null && times.loadAt !== null && times[wanted] !== null ? times : null;
    }, until);
    return (await handle.jsonValue()) as FirstScreenTimes;
  }
}
