/**
 * Need against supply as a table (the card's ranked list, the accessible view and the print), a file (CSV, ASCII
 * digits) and a sentence: each column written once here, with how a page shows it and how a file keeps it.
 */
import type { EquityLevel, EquityRow } from '../../domain/equity';
import { PROVINCES } from '../../domain/provinces';
import { formatCount, formatShare } from '../i18n/format';
import { placeName, provinceName } from '../i18n/names';
import { t } from '../i18n/words';
import { toCsv } from '../ui/csv';
import type { TableData } from './DataTable';
import { formatRate } from './measure';

const FA_OF_PROVINCE = new Map(PROVINCES.map((p) => [p.name_en, p.name_fa]));

/** A row's name in the page's language: a county with no published English name keeps its Persian one. */
export const equityName = (row: EquityRow): string => placeName({ Name: row.Name, NameEn: row.EnName });

const provinceOf = (row: EquityRow) => provinceName(row.Province, FA_OF_PROVINCE.get(row.Province) ?? row.Province);

/** Need as the page writes it: 0 to 100. */
export const formatNeed = (need: number) => formatCount(Math.round(need * 100));

interface EquityColumn {
  header(km: string): string;
  /** How the page shows it; none: the file alone keeps it. */
  shown?(row: EquityRow): string;
  file(row: EquityRow): string | number;
  /** Only at this level (a county's province). */
  level?: EquityLevel;
}

const share = (value: number) => formatShare(value, 1);
const fileRatio = (value: number) => value.toFixed(4);

/** The table's first column names the row (its header cell); the file adds what a page need not show. */
const COLUMNS: readonly EquityColumn[] = [
  {
    header: () => t.equity.name,
    shown: (r) => (r.Seated ? equityName(r) : `${equityName(r)} (${t.equity.noSeat})`),
    file: (r) => r.Name,
  },
  { header: () => t.equity.enName, file: (r) => r.EnName },
  { header: () => t.equity.code, file: (r) => r.Code },
  { header: () => t.stats.province, shown: provinceOf, file: (r) => r.Province, level: 'county' },
  { header: () => t.equity.rank, shown: (r) => formatCount(r.NeedRank), file: (r) => r.NeedRank },
  { header: () => t.perCapita.rate.people, file: (r) => r.Population },
  { header: () => t.equity.youth, shown: (r) => formatCount(r.Youth), file: (r) => r.Youth },
  { header: () => t.equity.count, shown: (r) => formatCount(r.Count), file: (r) => r.Count },
  {
    header: () => t.equity.perYouth,
    shown: (r) => formatRate(r.PerYouth100k),
    file: (r) => r.PerYouth100k.toFixed(4),
  },
  { header: () => t.equity.labourForce, file: (r) => r.LabourForce },
  { header: () => t.equity.unemployed, file: (r) => r.Unemployed },
  {
    header: () => t.equity.unemployment,
    shown: (r) => share(r.UnemploymentRate),
    file: (r) => fileRatio(r.UnemploymentRate),
  },
  {
    header: () => t.equity.unemploymentWomen,
    shown: (r) => share(r.UnemploymentRateWomen),
    file: (r) => fileRatio(r.UnemploymentRateWomen),
  },
  { header: () => t.equity.youthShare, shown: (r) => share(r.YouthShare), file: (r) => fileRatio(r.YouthShare) },
  { header: (km) => t.equity.far(km), shown: (r) => share(r.FarShare), file: (r) => fileRatio(r.FarShare) },
  {
    header: (km) => t.equity.youthFar(km),
    shown: (r) => share(r.YouthFarShare),
    file: (r) => fileRatio(r.YouthFarShare),
  },
  {
    header: (km) => t.equity.womenFar(km),
    shown: (r) => share(r.WomenFarShare),
    file: (r) => fileRatio(r.WomenFarShare),
  },
  { header: () => t.equity.need, shown: (r) => formatNeed(r.Need), file: (r) => (r.Need * 100).toFixed(1) },
];

const columnsAt = (level: EquityLevel) => COLUMNS.filter((c) => c.level === undefined || c.level === level);

/** Most in need first. */
export const byNeed = (rows: readonly EquityRow[]) => [...rows].sort((a, b) => a.NeedRank - b.NeedRank);

export function equityTable(
  rows: readonly EquityRow[],
  level: EquityLevel,
  km: number,
  caption: string,
  onOpen: ((row: EquityRow) => void) | null,
): TableData {
  const shown = columnsAt(level).filter((c) => c.shown);
  return {
    caption,
    headers: shown.map((c) => c.header(formatCount(km))),
    rows: byNeed(rows).map((row) => ({
      key: row.Code,
      cells: shown.map((c) => c.shown!(row)),
      ...(onOpen ? { onOpen: () => onOpen(row) } : {}),
    })),
  };
}

export function equityCsv(rows: readonly EquityRow[], level: EquityLevel, km: number): string {
  const columns = columnsAt(level);
  return toCsv(
    columns.map((c) => c.header(String(km))),
    byNeed(rows).map((row) => columns.map((c) => c.file(row))),
  );
}

/** How many a sentence names: the provinces most in need, or more of the many counties. */
const NAMED: Record<EquityLevel, number> = { province: 3, county: 5 };

export function equitySentence(rows: readonly EquityRow[], level: EquityLevel, typeTitle: string): string {
  const names = byNeed(rows)
    .slice(0, NAMED[level])
    .map((row) => (level === 'county' ? `${equityName(row)} (${provinceOf(row)})` : equityName(row)))
    .join(t.listSeparator);
  return level === 'county' ? t.equity.countySentence(names, typeTitle) : t.equity.sentence(names, typeTitle);
}
