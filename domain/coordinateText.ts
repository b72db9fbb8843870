/**
 * A latitude or longitude as people write one in a cell, beyond the plain decimal: a comma, a slash or the Persian
 * separator before the decimals (Excel under European settings; Persian typists often take «/» for «٫»), and
 * degrees, minutes and seconds as maps, GPS receivers and Persian pages write them (35°41′21″N, 35:41:21,
 * «۳۵ درجه و ۴۱ دقیقه شمالی»). The angles themselves are read by GeographicLib's DMS decoder, which checks each
 * component's range; what this adds is the Persian words and digits and the spacing people put between parts.
 */
import DMS from 'geographiclib-dms';
import { asciiNumeral } from './text';

export type CoordinateAxis = 'lat' | 'lon';

export type CoordinateReading =
  | { kind: 'value'; value: number }
  /** A hemisphere that belongs to the other axis (a latitude written under Long): not taken for either. */
  | { kind: 'other_axis' }
  | { kind: 'unreadable' };

/** Longer than any way of writing an angle: not read at all. */
const LONGEST = 64;
/** A decimal whose one separator is not a point: the whole text, digits on both sides. */
const OTHER_DECIMAL_MARK = /^([-+]?\d+)[,/](\d+)$/;
/** Persian words for the parts of an angle and for the hemispheres, as GeographicLib's marks. */
const PERSIAN_MARKS: readonly [RegExp, string][] = [
  [/درجه/g, '°'],
  [/دقیقه/g, "'"],
  [/ثانیه/g, '"'],
  [/شمالی/g, 'N'],
  [/جنوبی/g, 'S'],
  [/شرقی/g, 'E'],
  [/غربی/g, 'W'],
];
/** «و» (and) between the parts of an angle written in words. */
const AND = /(^|\s)و(?=\s|$)/g;
/**
 * Direction formatting a cell copied from a right-to-left document carries around a number (embeddings, isolates,
 * the Arabic letter mark), invisible and meaningless in a coordinate. (The direction marks the folding rule reads
 * as spaces.)
 */
const DIRECTION_FORMATTING = /[\u061c\u202a-\u202e\u2066-\u2069]/g;
/** The sukun (ْ), which Persian typists put after the degrees for want of a ° on their keyboard. */
const SUKUN = /\u0652/g;
/** Seven decimals: a centimetre, finer than any angle written in seconds. */
const DECIMALS = 1e7;

/** Reads `text` as a coordinate on `axis`; its range (and whether it lies in Iran) is the caller's to check. */
export function readCoordinate(text: string, axis: CoordinateAxis): CoordinateReading {
  if (text.length > LONGEST) return { kind: 'unreadable' };
  // Folding drops short-vowel marks, the sukun among them: it is read as the degree sign first.
  let written = asciiNumeral(text.replace(DIRECTION_FORMATTING, '').replace(SUKUN, '°'));
  const otherMark = OTHER_DECIMAL_MARK.exec(written);
  if (otherMark) return { kind: 'value', value: Number(`${otherMark[1]}.${otherMark[2]}`) };
  for (const [word, mark] of PERSIAN_MARKS) written = written.replace(word, mark);
  written = withoutSpacesBesideMarks(written.replace(AND, ' ').trim());
  let decoded: { val: number; ind: number };
  try {
    decoded = DMS.Decode(written);
  } catch {
    return { kind: 'unreadable' };
  }
  if (!Number.isFinite(decoded.val)) return { kind: 'unreadable' };
  const wanted = axis === 'lat' ? DMS.LATITUDE : DMS.LONGITUDE;
  if (decoded.ind !== DMS.NONE && decoded.ind !== wanted) return { kind: 'other_axis' };
  return { kind: 'value', value: Math.round(decoded.val * DECIMALS) / DECIMALS };
}

/**
 * The decoder takes no space inside an angle: those beside a mark or a hemisphere go, those between two digits stay
 * (and fail it), as "35 41" read as 3541 would be a wrong place rather than a refused cell.
 */
function withoutSpacesBesideMarks(text: string): string {
  const digit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';
  return text.replace(/\s+/g, (run: string, at: number) =>
    digit(text[at - 1]) && digit(text[at + run.length]) ? run : '',
  );
}

/** Two decimals with a comma between, as a map copies a point ("35.6892, 51.3890": latitude first). */
const POINT_PAIR = /^([-+]?\d+\.\d+)\s*[,،]\s*([-+]?\d+\.\d+)$/;

/**
 * A point as Google Maps and most map apps copy one, both coordinates in one cell, latitude first; null for
 * anything else. Each has decimals, so a decimal comma («35,6892») is never taken for two numbers.
 */
export function readPointPair(text: string): { lat: number; lon: number } | null {
  if (text.length > LONGEST) return null;
  const pair = POINT_PAIR.exec(asciiNumeral(text.replace(DIRECTION_FORMATTING, '')));
  return pair ? { lat: Number(pair[1]), lon: Number(pair[2]) } : null;
}
