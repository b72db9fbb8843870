import { describe, expect, it } from 'vitest';
import { chooseLite } from '../../domain/lite';

describe('the light page', () => {
  it('is what the address asks for, else what Save-Data says, else the full page', () => {
    expect(chooseLite('1', undefined)).toBe(true);
    expect(chooseLite('1', false)).toBe(true);
    expect(chooseLite('0', true)).toBe(false);
    expect(chooseLite(null, true)).toBe(true);
    expect(chooseLite(null, false)).toBe(false);
    expect(chooseLite(null, undefined)).toBe(false);
    expect(chooseLite('yes', undefined)).toBe(false);
  });
});
