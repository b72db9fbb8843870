import { describe, expect, it } from 'vitest';
import {
  asciiNumeral,
  compareNames,
  foldText,
  foldedIncludes,
  indicesContaining,
  nameSortKey,
  withAndBetween,
} from '../../domain/text';

describe('foldText: the shared Persian-aware matching rule', () => {
  it.each([
    ['ي', 'ی'],
    ['ى', 'ی'],
    ['ك', 'ک'],
  ])('folds Arabic %s to Persian %s', (arabic, persian) => {
    expect(foldText(`مر${arabic}ز`)).toBe(foldText(`مر${persian}ز`));
    expect(foldText(arabic)).toBe(persian);
  });

  it('folds Persian and Arabic-Indic digits to ASCII', () => {
    expect(foldText('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(foldText('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(foldText('مرکز ۱۲')).toBe(foldText('مرکز 12'));
  });

  it('treats ZWNJ and any run of white space as one space, and trims', () => {
    expect(foldText('حرفه\u200Cای')).toBe('حرفه ای');
    expect(foldText('  فنی   و\t\nحرفه  ')).toBe('فنی و حرفه');
  });

  it('drops tatweel and short-vowel marks', () => {
    expect(foldText('مـــرکز')).toBe('مرکز');
    expect(foldText('مَرْکَز')).toBe('مرکز');
  });

  it('lower-cases Latin letters unless asked to keep case', () => {
    expect(foldText('ICDL Center')).toBe('icdl center');
    expect(foldText('ICDL Center', { caseSensitive: true })).toBe('ICDL Center');
    expect(foldText('كيش ۱', { caseSensitive: true })).toBe('کیش 1');
  });

  it('finds text typed one way in text stored another', () => {
    expect(foldedIncludes('آموزشگاه کیش ۱۲', 'كيش 12')).toBe(true);
    expect(foldedIncludes('آموزشگاه کیش ۱۲', 'تهران')).toBe(false);
  });
});

describe('nameSortKey', () => {
  it('orders names as compareNames does (Persian alphabet, numbers by value)', () => {
    const names = [
      'کرج ۲',
      'لار',
      'گرگان',
      'پارس',
      'بابل',
      'آمل',
      'اراک',
      'کرج ۱۰',
      'کرج ۹',
      'چابهار',
      'ژیان',
      'یزد',
      'زنجان',
      'مرکز ۱۰۰',
      'مرکز ۲۰',
    ];
    const byKey = [...names].sort((a, b) =>
      nameSortKey(a) < nameSortKey(b) ? -1 : nameSortKey(a) > nameSortKey(b) ? 1 : 0,
    );
    expect(byKey).toEqual([...names].sort(compareNames));
  });
});

describe('foldText on long text', () => {
  it('folds a text far longer than one spread of characters', () => {
    const long = 'كتاب ۱۲ '.repeat(20_000);
    const folded = foldText(long);
    expect(folded.length).toBe(long.trim().length);
    expect(folded.startsWith('کتاب 12 کتاب')).toBe(true);
  });
});

describe('asciiNumeral: a number as Persian staff type it', () => {
  it('reads digits in the three scripts and the Persian decimal separator as ASCII digits and a point', () => {
    expect(asciiNumeral('۳۵٫۷۰۰۱')).toBe('35.7001');
    expect(asciiNumeral('٣٥٫٧')).toBe('35.7');
    expect(asciiNumeral(' -۵۱.۴ ')).toBe('-51.4');
    expect(Number(asciiNumeral('۵۱٫۴۰۰۱'))).toBe(51.4001);
  });

  it('makes nothing else a number: a slash, an Arabic comma or letters stay as they are', () => {
    for (const text of ['۳۵/۷', '۳۵،۷', 'سی و پنج', '35,7'])
      expect(Number.isFinite(Number(asciiNumeral(text))), text).toBe(false);
  });
});

describe('withAndBetween: a search text as meant with its «و» left out', () => {
  it('puts «و» back in each gap, one text per gap', () => {
    expect(withAndBetween('فنی حرفه ای')).toEqual(['فنی و حرفه ای', 'فنی حرفه و ای']);
  });
  it('leaves a text of one word, one with its «و», or of more than six words', () => {
    expect(withAndBetween('سپیدار')).toEqual([]);
    expect(withAndBetween('فنی و حرفه ای')).toEqual([]);
    expect(withAndBetween('a b c d e f g')).toEqual([]);
  });
  it('finds names with it put back only where none contains the text as typed', () => {
    const names = ['فنی و حرفه ای تبریز', 'مرکز تبریز'].map((name) => foldText(name));
    expect(indicesContaining(names, 'فنی حرفه ای')).toEqual([0]);
    expect(indicesContaining(names, 'تبریز')).toEqual([0, 1]);
    expect(indicesContaining(names, 'کرج')).toEqual([]);
  });
});
