/** The data's Persian words on an English page (domain/valueNames.ts): values, phrases, and English searches. */
import { describe, expect, it } from 'vitest';
import { phraseNameIn, valueNameIn, valuesNamed } from '../../domain/valueNames';

describe('the data’s words in English', () => {
  it('names a detail’s position line part by part, its province by the reference table', () => {
    expect(phraseNameIn('استان تهران، شهری', 'en')).toBe('Tehran province, urban');
    expect(phraseNameIn('استان خراسان شمالي, روستایی', 'en')).toBe('North Khorasan province, rural');
    // A part with no English stays as the data has it; a Persian page keeps it all.
    expect(phraseNameIn('استان نامعلوم، شهری', 'en')).toBe('استان نامعلوم, urban');
    expect(phraseNameIn('استان تهران، شهری', 'fa')).toBe('استان تهران، شهری');
  });

  it('names the trades and the field labels, folded as everywhere', () => {
    expect(valueNameIn('خياطي', 'en')).toBe('Sewing');
    expect(valueNameIn('رشته آموزشی', 'en')).toBe('Trade taught');
    expect(phraseNameIn('خیاطی، جوشکاری', 'en')).toBe('Sewing, Welding');
  });

  it('finds the data’s values an English search names, and nothing for Persian text', () => {
    expect(valuesNamed('sewing')).toContain('خیاطی');
    expect(valuesNamed('  WELD ')).toContain('جوشکاری');
    expect(valuesNamed('خیاطی')).toEqual([]);
    expect(valuesNamed('s')).toEqual([]);
  });
});
