/** The suggested sites' layer in the address: the card's choice read back, and what the card does not offer dropped. */
import { describe, expect, it } from 'vitest';
import { layerKmOf } from '../../src/url/kmLayer';
import { suggestionChoiceOf } from '../../src/url/suggestionLayer';

describe('the suggested sites in the address', () => {
  it('reads the distance and the choice the card wrote', () => {
    const search = '?suggest=10&suggestFor=women&suggestN=20&suggestIn=IR-08';
    expect(layerKmOf('suggest', search)).toBe(10);
    expect(suggestionChoiceOf(search)).toEqual({ objective: 'women', n: 20, province: 'IR-08' });
  });

  it('falls back to the card’s first choice for what it does not offer, and shows no layer at another distance', () => {
    expect(suggestionChoiceOf('?suggest=25&suggestFor=kids&suggestN=7&suggestIn=IR-99')).toEqual({
      objective: 'youth',
      n: 5,
      province: null,
    });
    expect(layerKmOf('suggest', '?suggest=7')).toBeNull();
  });
});
