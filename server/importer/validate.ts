/**
 * One raw record (CSV columns or GeoJSON properties, by gateway field name) to a LocationRecord, or every
 * problem with it. Text is normalised on the way in (Persian ی and ک, trimmed), nothing else changed.
 */
import type { DynamicField } from '../../domain/gateway';
import type { ProblemCode, ProblemValues } from '../../domain/importProblems';
import { EMPTY_GUID, isGuid } from '../../domain/guid';
import { DISTINCT_TYPES, type LocationType } from '../../domain/locationTypes';
import { PROVINCES, type ProvinceRef } from '../../domain/provinces';
import { asciiNumeral, normalizeStoredText } from '../../domain/text';
import { readCoordinate, readPointPair, type CoordinateAxis } from '../../domain/coordinateText';
import { isWithinNamedProvince, OUTLINE_TOLERANCE_KM, provinceAt } from '../../domain/provinceLocator';
import type { LocationRecord } from '../store/LocationStore';
import { NAME_FIELD, OPTIONAL_TEXT_FIELDS } from '../store/locationFields';
import { DYNAMIC_FIELD_TYPES, DYNAMIC_LIMITS } from './fields';

export interface Problem {
  /** "line 7" (CSV, the header is line 1) or "feature 3" (GeoJSON, from 0). */
  where: string;
  field: string;
  /** The command line's words. */
  message: string;
  /** What kind of problem, and the values its words take, for the console to word in the page's language. */
  code: ProblemCode;
  values: ProblemValues;
}

export type RawRecord = Record<string, unknown>;

/** What validation found of a record: the record when valid, every problem, and a point in another province. */
export interface CheckedRecord {
  record: LocationRecord | null;
  problems: Problem[];
  /** The province the record names and the one its point lies in, when they differ (ISO codes). */
  outside?: { named: string; lies: string; typeId: string | null };
}

/**
 * Markup in a text field: a name or an address is plain text, and a tag in one is an attempt to run something
 * in whatever shows it (the app escapes, but exports and other tools may not).
 */
const MARKUP = /<\s*[a-z!/?]/i;

const DECIMAL = /^\s*-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

function typeOf(value: string): LocationType | undefined {
  const wanted = value.trim().toLowerCase();
  return DISTINCT_TYPES.find((t) => t.route.toLowerCase() === wanted || t.typeId.toLowerCase() === wanted);
}

function provinceOf(value: string): ProvinceRef | undefined {
  const wanted = normalizeStoredText(value).toLowerCase();
  return PROVINCES.find(
    (p) =>
      p.name_en.toLowerCase() === wanted ||
      p.iso_3166_2.toLowerCase() === wanted ||
      p.name_fa === normalizeStoredText(value) ||
      p.name_iso_romanized.toLowerCase() === wanted,
  );
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A point pasted from a map into Lat ("35.6892, 51.3890", as Google Maps copies it) with Long left empty: both
 * coordinates, read as such (latitude first, as the map writes them; a pair the other way round is then found
 * outside Iran and said to be swapped).
 */
function withPastedPoint(raw: RawRecord): RawRecord {
  const lat = raw['Lat'];
  if (typeof lat !== 'string' || !isBlank(raw['Long'])) return raw;
  const pair = readPointPair(lat);
  return pair ? { ...raw, Lat: pair.lat, Long: pair.lon } : raw;
}

export function validateRecord(given: RawRecord, where: string): CheckedRecord {
  const raw = withPastedPoint(given);
  const problems: Problem[] = [];
  const problem = (field: string, message: string, code: ProblemCode, values: ProblemValues = {}) =>
    problems.push({ where, field, message, code, values });
  // What the readers could not place in a field: a row with the wrong number of columns, a bad feature, unknown keys.
  const columns = raw['__columns'] as { found: number; expected: number } | undefined;
  if (columns)
    problem('(row)', `has ${columns.found} fields where the header has ${columns.expected}`, 'column_count', {
      found: String(columns.found),
      expected: String(columns.expected),
    });
  const unnamed = raw['__unnamed'] as number[] | undefined;
  if (unnamed)
    problem(
      '(row)',
      `has a value in column ${unnamed.join(', ')}, which has no heading: name the column, or clear it (or use --ignore-unknown)`,
      'unnamed_value',
      { columns: unnamed.join(', ') },
    );
  for (const key of Object.keys(raw).filter((k) => k.startsWith('__repeated:'))) {
    const names = String(raw[key]);
    problem(
      key.slice('__repeated:'.length),
      `is named twice, in different cases (${names}): keep one of them`,
      'repeated_property',
      { names },
    );
  }
  if (typeof raw['__geometry'] === 'string') problem('geometry', raw['__geometry'], 'not_point');
  for (const key of Object.keys(raw).filter((k) => k.startsWith('__unknown:'))) {
    problem(
      key.slice('__unknown:'.length),
      'is not a field of the format (use --ignore-unknown to skip such properties)',
      'unknown_field',
    );
  }
  if (problems.length > 0) return { record: null, problems };

  const text = (field: string, limit: number, required: boolean): string => {
    const value = raw[field];
    if (isBlank(value)) {
      if (required) problem(field, 'is required', 'required');
      return '';
    }
    if (typeof value !== 'string' && typeof value !== 'number') {
      problem(field, 'must be text', 'not_text');
      return '';
    }
    const normalised = normalizeStoredText(String(value));
    if (normalised.length > limit)
      problem(field, `is ${normalised.length} characters long, more than ${limit}`, 'too_long', {
        length: String(normalised.length),
        limit: String(limit),
      });
    if (MARKUP.test(normalised)) problem(field, 'contains markup (<...>): plain text only', 'markup');
    return normalised;
  };

  // A coordinate as a number (a spreadsheet's cell), a plain decimal, or as people also write one: a decimal comma
  // or slash, degrees and minutes, Persian words (domain/coordinateText.ts).
  const coordinate = (field: 'Lat' | 'Long', axis: CoordinateAxis, min: number, max: number): number => {
    const value = raw[field];
    if (isBlank(value)) {
      problem(field, 'is required', 'required');
      return NaN;
    }
    let parsed = NaN;
    if (typeof value === 'number') parsed = value;
    else if (typeof value === 'string') {
      const numeral = asciiNumeral(value);
      const reading = DECIMAL.test(numeral) ? null : readCoordinate(value, axis);
      if (reading === null) parsed = Number(numeral);
      else if (reading.kind === 'value') parsed = reading.value;
      else if (reading.kind === 'other_axis') {
        const other = field === 'Lat' ? 'Long' : 'Lat';
        problem(
          field,
          `${JSON.stringify(value)} names a hemisphere of the other axis: it belongs under ${other}`,
          'other_axis',
          {
            value,
            other,
          },
        );
        return NaN;
      }
    }
    if (!Number.isFinite(parsed) || parsed < min || parsed > max) {
      problem(field, `must be a number from ${min} to ${max}, got ${JSON.stringify(value)}`, 'not_number', {
        min: String(min),
        max: String(max),
        value: String(value),
      });
      return NaN;
    }
    return parsed;
  };

  const guidText = typeof raw['Guid'] === 'string' ? raw['Guid'].trim() : '';
  if (!isGuid(guidText))
    if (isBlank(raw['Guid'])) problem('Guid', 'is required', 'required');
    else problem('Guid', `is not a GUID: ${JSON.stringify(raw['Guid'])}`, 'not_guid', { value: String(raw['Guid']) });
  else if (guidText === EMPTY_GUID) problem('Guid', 'is the all-zero GUID, which names nothing', 'zero_guid');

  let type: LocationType | undefined;
  if (isBlank(raw['Type'])) problem('Type', 'is required', 'required');
  else if (!(type = typeOf(String(raw['Type']))))
    problem(
      'Type',
      `is not a location type (a route such as Centers, or a type id): ${JSON.stringify(raw['Type'])}`,
      'not_type',
      { value: String(raw['Type']) },
    );

  const name = text(NAME_FIELD.gateway, NAME_FIELD.limit, true);
  const lat = coordinate('Lat', 'lat', -90, 90);
  const lon = coordinate('Long', 'lon', -180, 180);

  let provinceIso: string | null = null;
  let outside: CheckedRecord['outside'];
  if (Number.isFinite(lat) && Number.isFinite(lon)) {
    const located = provinceAt(lat, lon);
    // Written the other way round (as GeoJSON and many tools order them), a point outside Iran may lie in it: said
    // so, and still refused, for the staff to correct rather than guessed at.
    const swapped = located === null && Math.abs(lon) <= 90 ? provinceAt(lon, lat) : null;
    if (swapped !== null)
      problem(
        'Lat/Long',
        `${lat}, ${lon} lies outside Iran; Lat and Long look swapped: ${lon}, ${lat} lies in ${PROVINCES.find((p) => p.iso_3166_2 === swapped)!.name_en}`,
        'swapped_coordinates',
        { lat: String(lat), lon: String(lon), lies: swapped },
      );
    else if (located === null)
      problem('Lat/Long', `${lat}, ${lon} lies outside Iran`, 'outside_iran', { lat: String(lat), lon: String(lon) });
    else if (!isBlank(raw['Ostan'])) {
      const given = provinceOf(String(raw['Ostan']));
      if (!given)
        problem(
          'Ostan',
          `is not a province (English or Persian name, or ISO code): ${JSON.stringify(raw['Ostan'])}`,
          'not_province',
          { value: String(raw['Ostan']) },
        );
      else if (!isWithinNamedProvince(given.iso_3166_2, lat, lon)) {
        outside = { named: given.iso_3166_2, lies: located, typeId: type?.typeId ?? null };
        problem(
          'Ostan',
          `says ${given.name_en}, but ${lat}, ${lon} lies in ${PROVINCES.find((p) => p.iso_3166_2 === located)!.name_en}, more than ${OUTLINE_TOLERANCE_KM} km outside ${given.name_en}'s outline`,
          'other_province',
          { named: given.iso_3166_2, lies: located, km: String(OUTLINE_TOLERANCE_KM) },
        );
      } else provinceIso = given.iso_3166_2;
    } else provinceIso = located;
  }

  const fields = Object.fromEntries(
    OPTIONAL_TEXT_FIELDS.map((f) => [f.key, text(f.gateway, f.limit, false)]),
  ) as Record<(typeof OPTIONAL_TEXT_FIELDS)[number]['key'], string>;

  let showMoreDetails = false;
  const show = raw['ShowMoreDetails'];
  if (typeof show === 'boolean') showMoreDetails = show;
  else if (!isBlank(show)) {
    const word = String(show).trim().toLowerCase();
    if (word === 'true' || word === '1') showMoreDetails = true;
    else if (word !== 'false' && word !== '0')
      problem('ShowMoreDetails', `must be true, false, 1 or 0, got ${JSON.stringify(show)}`, 'not_flag', {
        value: String(show),
      });
  }

  const dynamicFields = parseDynamicFields(raw['daynamicFields'], (message, code, values) =>
    problem('daynamicFields', message, code, values),
  );

  if (problems.length > 0 || !type || provinceIso === null) return { record: null, problems, outside };
  return {
    record: {
      guid: guidText.toUpperCase(),
      typeId: type.typeId,
      provinceIso,
      name,
      lat,
      lon,
      ...fields,
      showMoreDetails,
      dynamicFields,
    },
    problems,
  };
}

function parseDynamicFields(
  value: unknown,
  problem: (message: string, code: ProblemCode, values?: ProblemValues) => void,
): DynamicField[] {
  if (isBlank(value)) return [];
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      problem('is not valid JSON (a JSON array of {Label, Value, Type})', 'dynamic_not_json');
      return [];
    }
  }
  if (!Array.isArray(list)) {
    problem('must be an array of {Label, Value, Type}', 'dynamic_not_list');
    return [];
  }
  if (list.length > DYNAMIC_LIMITS.fields)
    problem(`has ${list.length} fields, more than ${DYNAMIC_LIMITS.fields}`, 'dynamic_too_many', {
      count: String(list.length),
      limit: String(DYNAMIC_LIMITS.fields),
    });
  const fields: DynamicField[] = [];
  list.forEach((item: unknown, i) => {
    // The console says which further field, counted from 1; the command line's message says what is wrong with it.
    const entryProblem = (message: string) => problem(message, 'dynamic_entry', { number: String(i + 1) });
    const entry = item as Partial<Record<'Label' | 'Value' | 'Type', unknown>> | null;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      return entryProblem(`[${i}] must be an object {Label, Value, Type}`);
    const extra = Object.keys(entry).filter((k) => k !== 'Label' && k !== 'Value' && k !== 'Type');
    if (extra.length > 0) entryProblem(`[${i}] has unknown keys: ${extra.join(', ')}`);
    if (typeof entry.Label !== 'string' || entry.Label.trim() === '')
      entryProblem(`[${i}].Label must be non-empty text`);
    if (typeof entry.Value !== 'string') entryProblem(`[${i}].Value must be text`);
    if (!DYNAMIC_FIELD_TYPES.includes(entry.Type as (typeof DYNAMIC_FIELD_TYPES)[number]))
      entryProblem(`[${i}].Type must be one of ${DYNAMIC_FIELD_TYPES.join(', ')}`);
    if (typeof entry.Label !== 'string' || typeof entry.Value !== 'string') return;
    const label = normalizeStoredText(entry.Label);
    const fieldValue = normalizeStoredText(entry.Value);
    if (MARKUP.test(label) || MARKUP.test(fieldValue)) entryProblem(`[${i}] contains markup (<...>): plain text only`);
    if (label.length > DYNAMIC_LIMITS.label)
      entryProblem(`[${i}].Label is longer than ${DYNAMIC_LIMITS.label} characters`);
    if (fieldValue.length > DYNAMIC_LIMITS.value)
      entryProblem(`[${i}].Value is longer than ${DYNAMIC_LIMITS.value} characters`);
    fields.push({ Label: label, Value: fieldValue, Type: entry.Type as DynamicField['Type'] });
  });
  return fields;
}
