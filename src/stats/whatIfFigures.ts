/**
 * What a what-if plan's answer says, in the page's language: its sentence (what the sites bring, what the closures
 * cost, the far count before and after, how the most moved county's need rank moves), its tables, and its files
 * (CSV of every province and county before and after, GeoJSON of its sites and closures).
 */
import { FAR_OF, GAIN_OF, type PlanAnswer, type PlanCounty, type PlanObjective } from '../../domain/plan';
import type { PeopleFar } from '../../domain/wire/answers';
import { provinceByEnName } from '../../domain/provinces';
import { t } from '../i18n/words';
import { formatCount } from '../i18n/format';
import { placeName, provinceName } from '../i18n/names';
import { toCsv } from '../ui/csv';
import type { TableData } from './DataTable';

const FAR_KEYS = ['PopulationFar', 'YouthFar', 'WomenFar'] as const;

/** A site as the page names it: after the gazetteer's town nearest it. */
export const siteTown = (site: PlanAnswer['Sites'][number]) => placeName({ Name: site.Name, NameEn: site.EnName });

/** A county as the page names it: in English, its seat town's name where the county is named for it. */
const countyName = (county: PlanCounty) => placeName({ Name: county.Name, NameEn: county.EnName });

/** Those of the objective the plan's sites bring within reach. */
export const sumGain = (answer: PlanAnswer, objective: PlanObjective) =>
  answer.Sites.reduce((sum, site) => sum + site.Gain[GAIN_OF[objective]], 0);

/** Those the plan's closures leave farther: far after = far before + left farther - brought within reach. */
export const sumLost = (answer: PlanAnswer, objective: PlanObjective) =>
  answer.After[FAR_OF[objective]] - answer.Before[FAR_OF[objective]] + sumGain(answer, objective);

const farMoved = (county: PlanCounty) => FAR_KEYS.some((key) => county.Before[key] !== county.After[key]);

/**
 * The counties the plan changes: those whose people far change, and those a site or closure is in (their
 * locations change); ranks alone shift by one in many counties as one county moves, which is not a change of theirs.
 */
export function changedCounties(answer: PlanAnswer, objective: PlanObjective): PlanCounty[] {
  const touched = new Set([...answer.Sites, ...answer.Closed].map((s) => s.County).filter((c) => c !== null));
  const far = FAR_OF[objective];
  return answer.Counties.filter((c) => farMoved(c) || touched.has(c.Code)).sort(
    (a, b) =>
      Math.abs(b.After[far] - b.Before[far]) - Math.abs(a.After[far] - a.Before[far]) || (a.Code < b.Code ? -1 : 1),
  );
}

/** The county whose move the sentence tells: the first site's, else the one whose need rank moved most. */
function movedCounty(answer: PlanAnswer): PlanCounty | null {
  const moved = answer.Counties.filter((c) => c.NeedRankAfter !== c.NeedRankBefore);
  const first = answer.Sites[0]?.County ?? answer.Closed[0]?.County;
  const own = moved.find((c) => c.Code === first);
  if (own) return own;
  const most = [...moved].sort(
    (a, b) => Math.abs(b.NeedRankAfter - b.NeedRankBefore) - Math.abs(a.NeedRankAfter - a.NeedRankBefore),
  )[0];
  return most ?? null;
}

export function planSentence(answer: PlanAnswer, objective: PlanObjective, typeTitle: string): string {
  const whom = t.plan.whom[objective];
  const km = formatCount(answer.Km);
  const far = FAR_OF[objective];
  const gain = sumGain(answer, objective);
  const parts: string[] = [];
  if (answer.Sites.length > 0) {
    const near = [...new Set(answer.Sites.map(siteTown))].join(t.listSeparator);
    parts.push(t.whatIf.opened(formatCount(answer.Sites.length), typeTitle, near, formatCount(gain), whom, km));
  }
  if (answer.Closed.length > 0) {
    const lost = sumLost(answer, objective);
    const names = answer.Closed.map((c) => c.Name).join(t.listSeparator);
    parts.push(t.whatIf.closing(formatCount(answer.Closed.length), names, formatCount(lost), whom, km));
  }
  if (parts.length === 0) return t.whatIf.empty;
  parts.push(t.whatIf.farNow(whom, km, formatCount(answer.Before[far]), formatCount(answer.After[far])));
  const county = movedCounty(answer);
  if (county)
    parts.push(
      t.whatIf.moves(countyName(county), formatCount(county.NeedRankBefore), formatCount(county.NeedRankAfter)),
    );
  return parts.join(' ');
}

/** The nation's far counts, now and with the plan, for each of the three counts. */
export function nationTable(answer: PlanAnswer): TableData {
  return {
    caption: t.whatIf.figuresCaption(formatCount(answer.Km)),
    headers: [t.whatIf.who, t.whatIf.now, t.whatIf.withPlan, t.whatIf.change],
    rows: (['population', 'youth', 'women'] as const).map((objective) => {
      const key = FAR_OF[objective];
      const change = answer.After[key] - answer.Before[key];
      return {
        key: objective,
        cells: [
          t.plan.objectives[objective],
          formatCount(answer.Before[key]),
          formatCount(answer.After[key]),
          `${change > 0 ? '+' : change < 0 ? '−' : ''}${formatCount(Math.abs(change))}`,
        ],
      };
    }),
  };
}

export function countyTable(answer: PlanAnswer, objective: PlanObjective): TableData {
  const far = FAR_OF[objective];
  const whom = t.plan.whom[objective];
  return {
    caption: t.whatIf.countiesCaption,
    headers: [
      t.whatIf.county,
      t.stats.province,
      { group: t.whatIf.farOf(whom), columns: [t.whatIf.now, t.whatIf.withPlan] },
      { group: t.whatIf.needRank, columns: [t.whatIf.now, t.whatIf.withPlan] },
    ],
    rows: changedCounties(answer, objective).map((c) => ({
      key: c.Code,
      cells: [
        countyName(c),
        provinceName(c.Province, provinceByEnName(c.Province)?.name_fa ?? c.Province),
        formatCount(c.Before[far]),
        formatCount(c.After[far]),
        formatCount(c.NeedRankBefore),
        formatCount(c.NeedRankAfter),
      ],
    })),
  };
}

const sixColumns = (before: PeopleFar, after: PeopleFar) => [
  before.PopulationTotal,
  before.PopulationFar,
  after.PopulationFar,
  before.YouthTotal,
  before.YouthFar,
  after.YouthFar,
  before.WomenTotal,
  before.WomenFar,
  after.WomenFar,
];

/**
 * Every province and county before and after (and the nation first), named in both languages as the equity file
 * names its rows, with the counties' need ranks.
 */
export function planCsv(answer: PlanAnswer): string {
  return toCsv(
    [
      'Level',
      'Code',
      'Name',
      'EnName',
      'Province',
      'PopulationTotal',
      'PopulationFarBefore',
      'PopulationFarAfter',
      'YouthTotal',
      'YouthFarBefore',
      'YouthFarAfter',
      'WomenTotal',
      'WomenFarBefore',
      'WomenFarAfter',
      'NeedRankBefore',
      'NeedRankAfter',
      'Km',
    ],
    [
      ['country', 'IR', 'ایران', 'Iran', '', ...sixColumns(answer.Before, answer.After), '', '', answer.Km],
      ...answer.Provinces.map((p) => {
        const province = provinceByEnName(p.EnName);
        return [
          'province',
          province?.iso_3166_2 ?? '',
          province?.name_fa ?? p.EnName,
          p.EnName,
          p.EnName,
          ...sixColumns(p.Before, p.After),
          '',
          '',
          answer.Km,
        ];
      }),
      ...answer.Counties.map((c) => [
        'county',
        c.Code,
        c.Name,
        c.EnName,
        c.Province,
        ...sixColumns(c.Before, c.After),
        c.NeedRankBefore,
        c.NeedRankAfter,
        answer.Km,
      ]),
    ],
  );
}

/** The plan's sites (with what each brings) and closures as GeoJSON points, longitude first. */
export function planGeoJson(answer: PlanAnswer, typeId: string): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    features: [
      ...answer.Sites.map((site, i) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [site.Lon, site.Lat] },
        properties: {
          change: 'open',
          order: i + 1,
          typeId,
          km: answer.Km,
          nearTown: site.Name,
          nearTownEn: site.EnName,
          county: site.County,
          gainPopulation: site.Gain.Population,
          gainYouth: site.Gain.Youth,
          gainWomen: site.Gain.Women,
        },
      })),
      ...answer.Closed.map((closed) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [closed.Lon, closed.Lat] },
        properties: {
          change: 'close',
          typeId,
          km: answer.Km,
          guid: closed.Guid,
          name: closed.Name,
          county: closed.County,
        },
      })),
    ],
  });
}
