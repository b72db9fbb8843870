/** Need against supply as the card shows it: the ranked table, the file and the sentence, on made-up rows. */
import { describe, expect, it } from 'vitest';
import type { EquityRow } from '../../domain/equity';
import { fa } from '../../src/i18n/fa';
import { equityCsv, equitySentence, equityTable } from '../../src/stats/equityFigures';

const row = (over: Partial<EquityRow>): EquityRow => ({
  Code: 'IR-01',
  Name: 'گیلان',
  EnName: 'Gilan',
  Province: 'Gilan',
  Population: 1000,
  Youth: 250,
  Women: 500,
  LabourForce: 400,
  Unemployed: 40,
  LabourForceWomen: 100,
  UnemployedWomen: 20,
  Count: 2,
  PerYouth100k: 800,
  UnemploymentRate: 0.1,
  UnemploymentRateWomen: 0.2,
  YouthShare: 0.25,
  FarShare: 0.125,
  YouthFarShare: 0.25,
  WomenFarShare: 0.5,
  Need: 0.5,
  NeedRank: 2,
  Seated: true,
  Lat: 37.3,
  Long: 49.6,
  ...over,
});

const rows = [
  row({}),
  row({ Code: 'IR-11', Name: 'سیستان و بلوچستان', EnName: 'Sistan and Baluchestan', NeedRank: 1, Need: 0.9 }),
  row({ Code: 'IR-23', Name: 'تهران', EnName: 'Tehran', NeedRank: 4 }),
  row({ Code: 'IR-07', Name: 'فارس', EnName: 'Fars', NeedRank: 3 }),
];

describe('need against supply, shown', () => {
  it('ranks the table most in need first, in the page’s digits, with the distance in its heading', () => {
    const table = equityTable(rows, 'province', 25, 'caption', null);
    expect(table.rows.map((r) => r.cells[0])).toEqual(['سیستان و بلوچستان', 'گیلان', 'فارس', 'تهران']);
    expect(table.headers[0]).toBe(fa.equity.name);
    expect(table.headers).toContain(fa.equity.far('۲۵'));
    expect(table.headers).not.toContain(fa.stats.province);
    const sistan = table.rows[0]!.cells;
    expect(sistan).toContain('۱');
    expect(sistan).toContain('۹۰');
    expect(sistan).toContain('۱۲٫۵٪');
  });

  it('gives a county its province and says when it has no seat', () => {
    const counties = [
      row({ Code: '0101', Name: 'رشت', EnName: 'Rasht', NeedRank: 1 }),
      row({ Code: '0102', Name: 'رودبار', Seated: false }),
    ];
    const table = equityTable(counties, 'county', 10, 'caption', null);
    expect(table.headers).toContain(fa.stats.province);
    expect(table.rows[0]!.cells.slice(0, 2)).toEqual(['رشت', 'گیلان']);
    expect(table.rows[1]!.cells[0]).toBe(`رودبار (${fa.equity.noSeat})`);
  });

  it('writes every figure to the file in ASCII, most in need first', () => {
    const lines = equityCsv(rows, 'province', 25).replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toHaveLength(5);
    const header = lines[0]!.split(',');
    expect(header).toContain(fa.equity.far('25'));
    const sistan = Object.fromEntries(header.map((h, i) => [h, lines[1]!.split(',')[i]]));
    expect(sistan[fa.equity.name]).toBe('سیستان و بلوچستان');
    expect(sistan[fa.equity.enName]).toBe('Sistan and Baluchestan');
    expect(sistan[fa.equity.rank]).toBe('1');
    expect(sistan[fa.equity.youth]).toBe('250');
    expect(sistan[fa.equity.unemployment]).toBe('0.1000');
    expect(sistan[fa.equity.need]).toBe('90.0');
  });

  it('names the three provinces most in need, or five counties with their provinces', () => {
    expect(equitySentence(rows, 'province', 'مراکز')).toBe(
      fa.equity.sentence(['سیستان و بلوچستان', 'گیلان', 'فارس'].join(fa.listSeparator), 'مراکز'),
    );
    const counties = [row({ Name: 'رشت', NeedRank: 1 }), row({ Name: 'لاهیجان', NeedRank: 2 })];
    expect(equitySentence(counties, 'county', 'مراکز')).toBe(
      fa.equity.countySentence(['رشت (گیلان)', 'لاهیجان (گیلان)'].join(fa.listSeparator), 'مراکز'),
    );
  });
});
