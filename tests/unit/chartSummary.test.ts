/** The charts' sentences and the per-capita figures behind them. */
import { describe, expect, it } from 'vitest';
import type { ChartRow } from '../../domain/gateway';
import { PROVINCES } from '../../domain/provinces';
import { en } from '../../src/i18n/en';
import { fa } from '../../src/i18n/fa';
import { pieSummary, provinceSummary } from '../../src/stats/chartSummary';
import { rateBucketBounds } from '../../domain/colorBuckets';
import { formatRate, PER_CAPITA, valueOf } from '../../src/stats/measure';
import { populationOf, youthOf } from '../../domain/population';

/** Every province with no location but these. */
function rowsWith(counts: Record<string, number>): ChartRow[] {
  return PROVINCES.map((p) => ({
    Count: counts[p.name_en] ?? 0,
    OstanName: p.name_fa,
    LocationEnName: p.name_en,
    DataType: 't',
  }));
}

// A Persian page writes its numbers in Persian digits, thousands and decimals with ٬ and ٫.
describe('chart sentences', () => {
  const rows = rowsWith({ Tehran: 93, Semnan: 10, Fars: 20 });

  it('name the highest and lowest province by count, the total and how many have none', () => {
    const sentence = provinceSummary(rows, 'count');
    expect(sentence).toContain(fa.summary.highest('تهران', '۹۳'));
    expect(sentence).toContain(fa.summary.lowest('سمنان', '۱۰'));
    expect(sentence).toContain(fa.summary.total('۱۲۳'));
    expect(sentence).toContain(fa.summary.none(28, '۲۸'));
  });

  it('say one province with none in the singular, in both languages', () => {
    const allButIlam = Object.fromEntries(PROVINCES.filter((p) => p.name_en !== 'Ilam').map((p) => [p.name_en, 1]));
    expect(provinceSummary(rowsWith(allButIlam), 'count')).toContain('۱ استان هیچ مکانی ندارد');
    expect(en.summary.none(1, '1')).toBe('1 province has none');
    expect(en.summary.none(2, '2')).toBe('2 provinces have none');
    expect(fa.summary.none(28, '۲۸')).toBe('۲۸ استان هیچ مکانی ندارند');
  });

  it('per capita, rank by the rate: a small province can lead a large one', () => {
    const semnan = rows.find((r) => r.LocationEnName === 'Semnan')!;
    const tehran = rows.find((r) => r.LocationEnName === 'Tehran')!;
    expect(valueOf(semnan, 'rate')).toBeGreaterThan(valueOf(tehran, 'rate'));
    const sentence = provinceSummary(rows, 'rate');
    expect(sentence).toContain(fa.summary.highest('سمنان', formatRate(valueOf(semnan, 'rate'))));
    expect(sentence).toContain(fa.perCapita.source);
  });

  it('per 100,000 aged 15-29, divide by the young of each province and of Iran', () => {
    // Sistan and Baluchestan is young (28% aged 15-29), Gilan older (23%): the same count is fewer per young person.
    const young = rowsWith({ 'Sistan and Baluchestan': 100, Gilan: 100 });
    const sistan = young.find((r) => r.LocationEnName === 'Sistan and Baluchestan')!;
    const gilan = young.find((r) => r.LocationEnName === 'Gilan')!;
    expect(valueOf(sistan, 'youth')).toBeCloseTo((100 * 100_000) / youthOf('IR-11')!, 9);
    expect(valueOf(gilan, 'youth')).toBeCloseTo((100 * 100_000) / youthOf('IR-01')!, 9);
    expect(valueOf(sistan, 'rate')).toBeCloseTo((100 * 100_000) / populationOf('IR-11')!, 9);
    const sentence = provinceSummary(young, 'youth');
    expect(sentence).toContain(fa.summary.highest('گیلان', formatRate(valueOf(gilan, 'youth'))));
    expect(sentence).toContain(fa.perCapita.youth.country(formatRate((200 * 100_000) / 20_053_009)));
    expect(sentence).toContain(fa.perCapita.source);
  });

  it('say so when there is nothing, and name the largest share of the pie', () => {
    expect(provinceSummary(rowsWith({}), 'count')).toBe(fa.summary.nothing);
    expect(
      pieSummary([
        { Name: 'زنانه', Count: 1 },
        { Name: 'مردانه', Count: 3 },
      ]),
    ).toBe(fa.summary.largestShare('مردانه', '۷۵٫۰٪', '۳', '۴'));
  });

  it("per capita, give the largest slice its rate against the pie's population, with the census named", () => {
    const points = [
      { Name: 'زنانه', Count: 1 },
      { Name: 'مردانه', Count: 3 },
    ];
    const sentence = pieSummary(points, { perCapita: PER_CAPITA.rate, population: 200_000 });
    expect(sentence).toContain(fa.summary.largestShare('مردانه', '۷۵٫۰٪', '۳', '۴'));
    expect(sentence).toContain(fa.perCapita.rate.largest(formatRate(1.5)));
    expect(sentence).toContain(fa.perCapita.source);
  });
});

describe('rate buckets', () => {
  it('split the highest rate into quarters, from 0', () => {
    expect(rateBucketBounds(2)).toEqual([
      [0, 0.5],
      [0.5, 1],
      [1, 1.5],
      [1.5, 2],
    ]);
    expect(rateBucketBounds(0)).toEqual([null, null, null, null]);
  });
});
