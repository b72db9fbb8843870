/**
 * "Download the data", as a data person uses it: with a filter chosen, the dialog offers the whole dataset,
 * the type and the filtered type, each with the rows its file holds (as the server counts them), and the
 * filtered file downloaded holds exactly those rows.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DatasetChange } from '../../domain/changes';
import { DATA_LICENCE, type DownloadMetadata } from '../../domain/downloads';
import type { ChartRow } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import { fa } from '../../src/i18n/fa';
import { formatCount, formatDay } from '../../src/i18n/format';
import { expectAccessible } from './drivers/accessibility';
import { ARTIFACTS, DESKTOP, PHONE, useBrowserApp } from './fixture';

const env = useBrowserApp();
const centers = typeByRoute('Centers')!;
const WOMEN = 'زنانه';

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('downloading the data (%s)', (label, viewport) => {
  it('offers each file with its row count, and the filtered file holds those rows', async () => {
    const metadata = (await (
      await fetch(`${env.baseUrl}/api/downloads/latest/metadata.json`)
    ).json()) as DownloadMetadata;
    const rows = (await (
      await fetch(
        `${env.baseUrl}/api/TVTOBase/OrglocationChartData/${centers.typeId}?gender=${encodeURIComponent(WOMEN)}`,
      )
    ).json()) as ChartRow[];
    const filtered = rows.reduce((sum, row) => sum + row.Count, 0);
    const typeRows = metadata.ByType.find((t) => t.Type === 'Centers')!.Count;
    await env.withApp(async ({ app, page }) => {
      await app.open(`/Centers?gender=${encodeURIComponent(WOMEN)}`);
      await page.getByTestId('download-data').click();
      const dialog = page.getByRole('dialog', { name: fa.downloads.title });
      const choices = dialog.getByTestId('download-choices');
      await choices.waitFor();
      const text = await choices.innerText();
      const count = (n: number) => fa.downloads.rows(formatCount(n));
      expect(text).toContain(`${fa.downloads.all}: ${count(metadata.Count)}`);
      expect(text).toContain(`${fa.downloads.type(centers.titleFa)}: ${count(typeRows)}`);
      expect(text).toContain(`${fa.downloads.filtered(centers.titleFa)}: ${count(filtered)}`);
      // In the visitor's language throughout: no Latin word but the files' formats and the licence's name (its
      // terms had been shown as the metadata file states them, in English).
      expect(text).toContain(fa.downloads.licence(DATA_LICENCE));
      expect(text.replace(/\b(CSV|GeoJSON|JSON)\b/g, '').replace(DATA_LICENCE, '')).not.toMatch(/[A-Za-z]/);
      // What changed: the latest import, as the server recorded it, dated in the Persian calendar.
      const changes = (await (await fetch(`${env.baseUrl}/api/changes`)).json()) as DatasetChange[];
      const latest = changes[0]!;
      expect(await dialog.getByTestId('data-changes').innerText()).toContain(
        fa.downloads.change(
          formatDay(latest.UpdatedAt)!,
          formatCount(latest.Version),
          formatCount(latest.Added),
          formatCount(latest.Removed),
          formatCount(latest.Moved),
          formatCount(latest.Renamed),
        ),
      );
      await expectAccessible(page, 'the download dialog');
      await page.screenshot({ path: `${ARTIFACTS}/downloads-${label}.png` });
      const filteredCsv = dialog.getByRole('link', { name: fa.downloads.csv }).nth(2);
      const [file] = await Promise.all([page.waitForEvent('download'), filteredCsv.click()]);
      expect(file.suggestedFilename()).toBe(`makan-v${metadata.Version}-Centers-filtered.csv`);
      const lines = readFileSync((await file.path())!, 'utf8')
        .trim()
        .split('\r\n');
      expect(lines).toHaveLength(filtered + 1);
    }, viewport);
  });
});
