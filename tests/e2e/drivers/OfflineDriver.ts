/** The service worker as a visitor meets it: installed on the first visit, offline later, a new build deployed. */
import type { BrowserContext, Page } from 'playwright-core';
import { fa } from '../../../src/i18n/fa';

export class OfflineDriver {
  constructor(
    readonly page: Page,
    readonly context: BrowserContext,
  ) {}

  /** Waits until the service worker controls the page (it claims the page once active). */
  async waitControlled(): Promise<void> {
    await this.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
  }

  /**
   * Stops the service worker, as the browser does between visits: the next request starts it afresh, with
   * only what it keeps in its caches (nothing it held in memory).
   */
  async stopWorker(): Promise<void> {
    const session = await this.context.newCDPSession(this.page);
    try {
      await session.send('ServiceWorker.enable');
      await session.send('ServiceWorker.stopAllWorkers');
    } finally {
      await session.detach();
    }
  }

  /** Puts an answer into one of the worker's caches, as if the worker had kept it on an earlier visit. */
  async keepInCache(cacheName: string, path: string, body: string): Promise<void> {
    await this.page.evaluate(
      async ([name, key, text]) => (await caches.open(name!)).put(key!, new Response(text)),
      [cacheName, path, body],
    );
  }

  /** The paths (with their queries) a cache of the worker holds. */
  async cachedPaths(cacheName: string): Promise<string[]> {
    return this.page.evaluate(async (name) => {
      const keys = await (await caches.open(name)).keys();
      return keys.map((request) => {
        const url = new URL(request.url);
        return url.pathname + url.search;
      });
    }, cacheName);
  }

  async goOffline(): Promise<void> {
    await this.context.setOffline(true);
  }

  async goOnline(): Promise<void> {
    await this.context.setOffline(false);
  }

  badge() {
    return this.page.getByTestId('offline-badge');
  }

  updatePrompt() {
    return this.page.getByTestId('update-prompt');
  }

  /** Asks the browser to look for a new service worker now (an open app does so hourly). */
  async checkForUpdate(): Promise<void> {
    await this.page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
  }

  async acceptUpdate(): Promise<void> {
    await this.updatePrompt().getByRole('button', { name: fa.update.apply }).click();
  }
}
