/** If-None-Match read as RFC 9110 has it: lists, `*`, weak tags, commas inside a tag, and nothing sound. */
import { describe, expect, it } from 'vitest';
import { noneMatchTags, tagMatches } from '../../server/http/conditionalGet';

describe('If-None-Match', () => {
  it('reads a list of tags, weak or strong, by their quotes', () => {
    expect(noneMatchTags('"a", W/"b",W/"c"  ,"d"')).toEqual(['"a"', '"b"', '"c"', '"d"']);
    // A comma is a character an opaque tag may hold.
    expect(noneMatchTags('"v1,2", "x"')).toEqual(['"v1,2"', '"x"']);
    expect(noneMatchTags(' * ')).toBe('*');
  });

  it('finds nothing in an absent, empty or unquoted value', () => {
    for (const header of [undefined, '', 'abc', 'W/abc', '"unclosed', '**']) expect(noneMatchTags(header)).toEqual([]);
  });

  it('matches by the weak comparison: W/ on either side is ignored', () => {
    expect(tagMatches('W/"v1-abc"', 'W/"v1-abc"')).toBe(true);
    expect(tagMatches('"v1-abc"', 'W/"v1-abc"')).toBe(true);
    expect(tagMatches('W/"v1-abc"', '"v1-abc"')).toBe(true);
    expect(tagMatches('"old", W/"v1-abc"', 'W/"v1-abc"')).toBe(true);
    expect(tagMatches('*', 'W/"anything"')).toBe(true);
    expect(tagMatches('"v1-abd"', 'W/"v1-abc"')).toBe(false);
    expect(tagMatches('v1-abc', 'W/"v1-abc"')).toBe(false);
  });
});
