import { describe, expect, it } from 'vitest';
import { preferredEncoding } from '../../server/http/acceptEncoding';

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;q=0.5', 'br'],
    ['identity', 'identity'],
    ['gzip;q=0', 'identity'],
    [undefined, 'identity'],
    ['', 'identity'],
  ])('%j takes %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
