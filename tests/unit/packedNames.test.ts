/** Names cross from the API worker packed as one string and lengths, and come back exactly as they were. */
import { describe, expect, it } from 'vitest';
import { packNames, unpackNames } from '../../src/api/packedNames';

describe('packed names', () => {
  it('round-trips any names, empty ones and separators-looking characters included, in order', () => {
    const names = ['آموزشگاه آزاد ۱', '', 'a,b', 'line\nbreak', '\u0000', 'كارگاه ي', '😀 emoji'];
    const packed = packNames(names);
    expect(packed.lengths).toHaveLength(names.length);
    expect(unpackNames(packed)).toEqual(names);
  });

  it('an empty list stays empty', () => {
    expect(unpackNames(packNames([]))).toEqual([]);
  });
});
