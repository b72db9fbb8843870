/**
 * A file's quality report, beside its validation: what is legal but probably wrong. Findings are per record, in
 * file order, one per problem:
 * - a duplicate: the same folded name as an earlier record within DUPLICATE_WITHIN_M, or a phone number an
 *   earlier record gives (one finding per record, the name first); and a new record (a Guid the data does not
 *   have) with the name of a location of its type already in the data within DUPLICATE_WITHIN_M (addStoredTwin:
 *   the import finds those, importPlan.ts);
 * - a point outside the province the record names (the validation refuses these too: the report says where
 *   the point lies);
 * - a missing phone, address or gender;
 * - a phone or fax piece that is not dialable in Iran (domain/phone.ts; an empty fax is not a problem).
 * Memory grows with the file (a name, a point and numbers per record): the console's uploads are bounded, and
 * the CLI asks for the report with --quality.
 */
import { nationalNumber, phonePieces, zeroDropped } from '../../domain/phone';
import { PROVINCES } from '../../domain/provinces';
import { foldText } from '../../domain/text';
import { greatCircleKm } from '../geo/greatCircle';
import type { LocationRecord } from '../store/LocationStore';
import { DETAIL_FIELDS } from '../store/locationFields';

/** A field as the file names it (the validation's problems name fields so too). */
const columnOf = (key: string) => DETAIL_FIELDS.find((f) => f.key === key)?.gateway ?? key;

export const DUPLICATE_WITHIN_M = 100;

export type FindingKind = 'duplicate' | 'outside_province' | 'missing_field' | 'bad_number';
export const FINDING_KINDS: readonly FindingKind[] = ['duplicate', 'outside_province', 'missing_field', 'bad_number'];

/** The fields whose absence the report counts, per province. */
export const WANTED_FIELDS = ['phone', 'address', 'gender'] as const;
export type WantedField = (typeof WANTED_FIELDS)[number];

/** What a finding is about, for a reader to word in its own language (the message says it in English). */
export interface FindingFacts {
  /** The earlier record a duplicate repeats ("line 3"). */
  other: string | null;
  /** How far a same-name duplicate is from it. */
  metres: number | null;
  /** The number a duplicate shares, or the piece that cannot be dialled. */
  value: string | null;
  /** The province a point lies in, when it is not the one named (ISO code). */
  lies: string | null;
  /** The location already in the data that a new record repeats. */
  stored: { guid: string; name: string } | null;
}

const NO_FACTS: FindingFacts = { other: null, metres: null, value: null, lies: null, stored: null };

export interface Finding {
  kind: FindingKind;
  where: string;
  field: string;
  message: string;
  facts: FindingFacts;
  /** The province the record names (ISO code), for grouping; null when it names none Makan knows. */
  provinceIso: string | null;
  typeId: string | null;
}

export interface ProvinceGaps {
  provinceIso: string;
  records: number;
  missing: Record<WantedField, number>;
}

export interface QualityReport {
  findings: Finding[];
  /** Per province the file names, how many records lack each wanted field. */
  gaps: ProvinceGaps[];
}

interface Seen {
  where: string;
  lat: number;
  lon: number;
}

/** Takes a file's records one at a time, in file order; `report` at the end. */
export class QualityCheck {
  private readonly findings: Finding[] = [];
  private readonly byName = new Map<string, Seen[]>();
  private readonly byNumber = new Map<string, string>();
  private readonly gaps = new Map<string, ProvinceGaps>();
  /** Each record's duplicate finding, by where it is in the file. */
  private readonly duplicates = new Map<string, Finding>();
  /** Each valid record's province and type, by where it is in the file. */
  private readonly placed = new Map<string, { provinceIso: string; typeId: string }>();

  /** A valid record. */
  add(record: LocationRecord, where: string): void {
    const finding = (kind: FindingKind, field: string, message: string, facts: Partial<FindingFacts> = {}) =>
      this.findings.push({
        kind,
        where,
        field,
        message,
        facts: { ...NO_FACTS, ...facts },
        provinceIso: record.provinceIso,
        typeId: record.typeId,
      });

    this.placed.set(where, { provinceIso: record.provinceIso, typeId: record.typeId });
    const duplicate = this.duplicateOf(record, where);
    if (duplicate) {
      finding('duplicate', duplicate.field, duplicate.message, duplicate.facts);
      this.duplicates.set(where, this.findings.at(-1)!);
    }

    const gaps = this.gapsOf(record.provinceIso);
    gaps.records++;
    for (const field of WANTED_FIELDS)
      if (record[field].trim() === '') {
        gaps.missing[field]++;
        finding('missing_field', columnOf(field), `has no ${columnOf(field)}`);
      }
    for (const field of ['phone', 'fax'] as const)
      for (const piece of phonePieces(record[field]))
        if (nationalNumber(piece) === null) {
          const restored = zeroDropped(piece);
          finding(
            'bad_number',
            columnOf(field),
            restored
              ? `${JSON.stringify(piece)} has lost its leading 0, as Excel drops it from a number: ${restored} (format the column as text)`
              : `${JSON.stringify(piece)} is not a number one can dial in Iran (0 and ten digits)`,
            { value: piece },
          );
        }
  }

  /** A record whose point lies in another province than the one it names (ISO codes). */
  addOutside(where: string, named: string, lies: string, typeId: string | null): void {
    const name = (iso: string) => PROVINCES.find((p) => p.iso_3166_2 === iso)?.name_en ?? iso;
    this.findings.push({
      kind: 'outside_province',
      where,
      field: 'Ostan',
      message: `names ${name(named)}, but its point lies in ${name(lies)}`,
      facts: { ...NO_FACTS, lies },
      provinceIso: named,
      typeId,
    });
  }

  /**
   * A new record with the name of a location of its type already in the data, `metres` from it. Still one
   * duplicate finding per record, the name first: a same-name record earlier in the file already says it (the
   * file repeats that location too), and a shared number gives way to the name.
   */
  addStoredTwin(where: string, stored: { guid: string; name: string }, metres: number): void {
    const placed = this.placed.get(where);
    const earlier = this.duplicates.get(where);
    if (earlier?.field === 'NameMakanAmoozeshi') return;
    const twin: Finding = {
      kind: 'duplicate',
      where,
      field: 'NameMakanAmoozeshi',
      message: `is new, but ${stored.guid} (${JSON.stringify(stored.name)}) already in the data has its name, ${metres} m away`,
      facts: { ...NO_FACTS, stored, metres },
      provinceIso: placed?.provinceIso ?? null,
      typeId: placed?.typeId ?? null,
    };
    if (earlier) Object.assign(earlier, twin);
    else this.findings.push(twin);
  }

  report(): QualityReport {
    const order = (w: string) => Number(w.replace(/\D+/g, ''));
    const findings = [...this.findings].sort((a, b) => order(a.where) - order(b.where));
    const gaps = [...this.gaps.values()].sort((a, b) => a.provinceIso.localeCompare(b.provinceIso));
    return { findings, gaps };
  }

  private duplicateOf(
    record: LocationRecord,
    where: string,
  ): { field: string; message: string; facts: Partial<FindingFacts> } | null {
    const name = foldText(record.name);
    const sameName = this.byName.get(name) ?? [];
    const near = sameName.find((s) => greatCircleKm(s.lat, s.lon, record.lat, record.lon) * 1000 <= DUPLICATE_WITHIN_M);
    sameName.push({ where, lat: record.lat, lon: record.lon });
    this.byName.set(name, sameName);
    const numbers = phonePieces(record.phone)
      .map(nationalNumber)
      .filter((n): n is string => n !== null);
    const sharedNumber = numbers.find((n) => this.byNumber.has(n));
    for (const n of numbers) if (!this.byNumber.has(n)) this.byNumber.set(n, where);
    if (near) {
      const metres = Math.round(greatCircleKm(near.lat, near.lon, record.lat, record.lon) * 1000);
      return {
        field: 'NameMakanAmoozeshi',
        message: `has the same name as ${near.where}, ${metres} m away`,
        facts: { other: near.where, metres },
      };
    }
    if (sharedNumber) {
      const other = this.byNumber.get(sharedNumber)!;
      return {
        field: 'PhoneNumber',
        message: `gives ${sharedNumber}, as ${other} does`,
        facts: { other, value: sharedNumber },
      };
    }
    return null;
  }

  private gapsOf(iso: string): ProvinceGaps {
    let gaps = this.gaps.get(iso);
    if (!gaps)
      this.gaps.set(iso, (gaps = { provinceIso: iso, records: 0, missing: { phone: 0, address: 0, gender: 0 } }));
    return gaps;
  }
}
