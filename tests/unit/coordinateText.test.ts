import { describe, expect, it } from 'vitest';
import { readCoordinate, readPointPair } from '../../domain/coordinateText';

const value = (text: string, axis: 'lat' | 'lon' = 'lat') => {
  const reading = readCoordinate(text, axis);
  return reading.kind === 'value' ? reading.value : reading.kind;
};

describe('readCoordinate: a coordinate as people write one in a cell', () => {
  it.each([
    ['35,6892', 35.6892],
    ['35/6892', 35.6892],
    ['۳۵/۶۸۹۲', 35.6892],
    ['٣٥,٦٨٩٢', 35.6892],
    ['-35,5', -35.5],
  ])('reads the decimal %s written with a comma or a slash', (text, expected) => {
    expect(value(text)).toBe(expected);
  });

  it.each([
    ['35°41\'21"N', 35.6891667],
    ['35° 41′ 21.5″ N', 35.6893056],
    ['35:41:21', 35.6891667],
    ["N35°41.35'", 35.6891667],
    ["35d41'", 35.6833333],
    ['35º41’21”', 35.6891667],
    ["-35°41'", -35.6833333],
    ['35.5S', -35.5],
  ])('reads the angle %s in degrees, minutes and seconds', (text, expected) => {
    expect(value(text)).toBe(expected);
  });

  it('reads an angle in Persian words, digits and the sukun Persian typists use for the degree sign', () => {
    expect(value('۳۵ درجه و ۴۱ دقیقه و ۲۱ ثانیه شمالی')).toBe(35.6891667);
    expect(value('۵۱ درجه و ۲۳ دقیقه شرقی', 'lon')).toBe(51.3833333);
    expect(value("۳۵ْ ۴۱' شمالی")).toBe(35.6833333);
    expect(value('۳۵° ۴۱′ ۲۱″ شمالي')).toBe(35.6891667);
  });

  it('reads a number wrapped in the direction formatting a right-to-left document puts around it', () => {
    expect(value('\u202b35.6892\u202c')).toBe(35.6892);
    expect(value('\u2067۳۵٫۶۸۹۲\u2069')).toBe(35.6892);
    expect(value('\u061c35°41′')).toBe(35.6833333);
  });

  it('refuses a hemisphere of the other axis rather than taking the number', () => {
    expect(value("51°23'E")).toBe('other_axis');
    expect(value('35°41′N', 'lon')).toBe('other_axis');
    expect(value('۵۱ درجه شرقی')).toBe('other_axis');
    expect(value('51.4E', 'lon')).toBe(51.4);
  });

  it.each([
    // Two numbers a space apart are never joined into one (3 5 is not 35).
    '3 5',
    '35 41 21',
    '35‌41',
    // A comma that groups thousands is not a decimal mark.
    '35,689,200',
    "35°61'",
    "35°41'21\"N 51°23'E",
    'Infinity',
    '1e400',
    'abc',
    '',
    '1'.repeat(80),
    `${'۳'.repeat(30)}°${'۴'.repeat(40)}'`,
  ])('refuses %j', (text) => {
    expect(value(text)).toBe('unreadable');
  });

  it('reads a point pasted from a map, latitude first, and nothing that is not two decimals', () => {
    expect(readPointPair('35.6892, 51.3890')).toEqual({ lat: 35.6892, lon: 51.389 });
    expect(readPointPair('۳۵٫۶۸۹۲،۵۱٫۳۸۹۰')).toEqual({ lat: 35.6892, lon: 51.389 });
    for (const text of [
      '35,6892',
      '35.6892',
      '35, 51',
      '35.6892, 51.3890, 7.1',
      `${'1'.repeat(40)}.1, 2.${'2'.repeat(40)}`,
    ])
      expect(readPointPair(text), text).toBeNull();
  });
});
