/**
 * The inspector that works with no network (`?inspect=local`), as a developer offline uses it: every live actor
 * with its state, a machine's states and transitions with the active ones marked, the event log and its filter,
 * all following what the app does; and a visitor's page never loads it.
 */
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './drivers/accessibility';
import { InspectorDriver } from './drivers/InspectorDriver';
import { ARTIFACTS, DESKTOP, useBrowserApp } from './fixture';

const env = useBrowserApp({ points: 600 });
const INSPECTOR_CHUNK = /startLocalInspector-[\w-]+\.(js|css)$/;

describe('the local inspector', () => {
  it('shows the live actors, a machine drawn from its definition, and the events, following the app', () =>
    env.withApp(async ({ app, page }) => {
      const foreign: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(env.baseUrl) && !request.url().startsWith('data:')) foreign.push(request.url());
      });
      // Given the map opened with the local inspector
      await app.open('/Centers?inspect=local');
      await app.waitForMap('settled');
      const inspector = new InspectorDriver(page);
      await inspector.open();

      // Then every live actor is listed with its state: the map screen's, the sidebar's, and the map's data
      // loader the map screen invoked (named by its invoke id)
      const actors = await inspector.actors();
      expect(actors.map((a) => a.id)).toEqual(expect.arrayContaining(['mapScreen', 'sidebar', 'data']));
      expect(actors.find((a) => a.id === 'data')!.value).toMatch(/idle|ready/);

      // And the map screen's machine is drawn from its definition: its states, the one it is in marked, and the
      // events each answers
      await inspector.select('mapScreen');
      expect(JSON.parse(await inspector.value())).toBe('showing');
      expect(await inspector.outline()).toEqual({ states: ['', 'choosing', 'showing'], active: ['', 'showing'] });
      expect(await inspector.transitionsOf('')).toEqual(expect.arrayContaining([expect.stringMatching(/^FOCUS → /)]));

      // And the events it received are logged, newest first; a filter narrows them, and one matching nothing empties the list
      await expect.poll(async () => (await inspector.events()).length).toBeGreaterThan(0);
      const [newest] = await inspector.events();
      const type = /^\S+ (\S+)/.exec(newest!)![1]!;
      await inspector.filterEvents(type);
      await expect.poll(async () => (await inspector.events()).every((line) => line.includes(type))).toBe(true);
      await page.screenshot({ path: `${ARTIFACTS}/inspector-local.png` });
      await expectAccessible(page, 'the local inspector');
      await inspector.filterEvents('no-such-event-or-actor');
      await expect.poll(async () => (await inspector.events()).length).toBe(0);

      // When the visitor's statistics tab opens, the statistics machine joins the live actors
      await inspector.filterEvents('');
      await app.tab('آمار').click();
      await expect.poll(async () => (await inspector.actors()).map((a) => a.id)).toContain('statistics');
      expect(foreign).toEqual([]);
    }, DESKTOP));

  it('is never loaded or precached for a visitor', () =>
    env.withApp(async ({ app, page }) => {
      const fetched: string[] = [];
      page.on('request', (request) => fetched.push(request.url()));
      await app.open('/Centers');
      await app.waitForMap('settled');
      expect(fetched.filter((url) => INSPECTOR_CHUNK.test(url))).toEqual([]);
      expect(await page.locator('#local-inspector').count()).toBe(0);
      const worker = await (await fetch(`${env.baseUrl}/sw.js`)).text();
      expect(worker).not.toMatch(/startLocalInspector/);
      // (The chunk is in the build, for ?inspect=local.)
      expect(fetched.length).toBeGreaterThan(0);
    }, DESKTOP));
});
