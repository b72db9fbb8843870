/** The visitor sees when the data was last updated (Jalali date), and a new import on the next load, without reloading. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DatasetMeta } from '../../domain/gateway';
import { StatsDriver } from './drivers/StatsDriver';
import { useBrowserApp } from './fixture';
import { fa } from '../../src/i18n/fa';
import { testDir } from '../support/testDir';
import { runScript } from '../support/serverProcess';

const env = useBrowserApp();
const JALALI = /آخرین به‌روزرسانی داده‌ها: .*۱۴[۰-۹]{2}/;

describe('dataset updates', () => {
  it('statistics and the detail dialog show the last update as a Jalali date; an import shows on the next load', () =>
    env.withApp(async ({ app, page }) => {
      await app.open('/Academy?tab=stats');
      const stats = new StatsDriver(page);
      await stats.waitReady();
      expect(await page.getByTestId('stats-updated').innerText()).toMatch(JALALI);
      const totalBefore = await stats.totalText();
      const before = (await (await fetch(`${env.baseUrl}/api/meta`)).json()) as DatasetMeta;

      const file = join(testDir('e2e-import'), 'one.csv');
      writeFileSync(
        file,
        'Guid,Type,NameMakanAmoozeshi,Lat,Long\r\nC0000000-0000-4000-8000-000000000001,Academy,آموزشگاه تازه,35.7,51.41\r\n',
      );
      const run = runScript('import', [file, '--db', env.server.dbFile]);
      expect(run.code, run.err).toBe(0);
      await expect
        .poll(async () => ((await (await fetch(`${env.baseUrl}/api/meta`)).json()) as DatasetMeta).version, {
          timeout: 3000,
        })
        .toBe(before.version + 1);

      // The next load (leaving the tab and coming back) shows the new total, with no page reload.
      await app.tab(fa.tabMap).click();
      await app.tab(fa.tabStats).click();
      await stats.waitReady();
      expect(await stats.totalText()).not.toBe(totalBefore);
      await page.goto(`${env.baseUrl}/Academy?loc=C0000000-0000-4000-8000-000000000001`);
      await page.getByTestId('detail-updated').waitFor();
      expect(await page.getByTestId('detail-updated').innerText()).toMatch(JALALI);
    }));
});
