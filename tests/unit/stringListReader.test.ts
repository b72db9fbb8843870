import { describe, expect, it } from 'vitest';
import { StringListReader } from '../../src/api/stringListReader';

/** Reads `text` cut into the given pieces, gathering what each push hands over. */
function readInPieces(text: string, cuts: number[]): { runs: string[][]; names: string[] } {
  const reader = new StringListReader();
  const runs: string[][] = [];
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    runs.push(reader.push(text.slice(from, cut)));
    from = cut;
  }
  runs.push(reader.end());
  return { runs, names: runs.flat() };
}

const NAMES = ['آموزشگاه "نو" تهران', 'back\\slash', 'a\\"b', '', 'ك ي ۱۲', '\u2028line', 'مرکز, با ویرگول', ']'];

describe('reading a JSON list of names as it arrives', () => {
  it('gives every name, in order, wherever the text is cut', () => {
    for (const text of [JSON.stringify(NAMES), ` [ ${NAMES.map((n) => JSON.stringify(n)).join(' ,\n ')} ] `]) {
      for (let cut = 0; cut <= text.length; cut++) {
        expect(readInPieces(text, [cut]).names).toEqual(NAMES);
      }
      // and cut into single characters
      expect(
        readInPieces(
          text,
          [...text].map((_, i) => i),
        ).names,
      ).toEqual(NAMES);
    }
  });

  it('hands over each name once it is whole, before the list ends', () => {
    const reader = new StringListReader();
    expect(reader.push('["a","')).toEqual(['a']);
    expect(reader.push('b"')).toEqual(['b']);
    expect(reader.push(',"c')).toEqual([]);
    expect(reader.push('"]')).toEqual(['c']);
    expect(reader.end()).toEqual([]);
  });

  it('reads an empty list', () => {
    expect(readInPieces('[]', [1]).names).toEqual([]);
    expect(readInPieces(' [ ] ', []).names).toEqual([]);
  });

  it('refuses what is not a whole list of names', () => {
    for (const text of ['', '{"error":"x"}', '["a","b"', '["a",1]', '["a" "b"]', '["a",', 'null', '["a"]x']) {
      expect(() => readInPieces(text, []), text).toThrow(SyntaxError);
    }
  });
});
