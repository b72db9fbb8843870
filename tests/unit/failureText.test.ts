/** Failures stay typed through the API layer and the machines; one function words them for a person. */
import { describe, expect, it } from 'vitest';
import { STALE_POINTS_ERROR } from '../../domain/pointsWire';
import { failureOf, NOT_ON_MAP, requestFailure } from '../../domain/requestFailure';
import { fa } from '../../src/i18n/fa';
import { failureText } from '../../src/i18n/failureText';

describe('failureOf', () => {
  it('keeps what a request failure carries, whatever object carries it', () => {
    const thrown = Object.assign(new Error('http 409 stale_points'), {
      kind: 'http',
      status: 409,
      code: STALE_POINTS_ERROR,
    });
    expect(failureOf(thrown)).toEqual(requestFailure('http', 409, STALE_POINTS_ERROR));
  });

  it('calls anything else unexpected (a programming error is no network failure)', () => {
    expect(failureOf(new TypeError('x is undefined'))).toEqual(requestFailure('unexpected'));
    expect(failureOf('text')).toEqual(requestFailure('unexpected'));
    expect(failureOf({ kind: 'nonsense' })).toEqual(requestFailure('unexpected'));
  });
});

describe('failureText', () => {
  it.each([
    [requestFailure('network'), fa.errors.network],
    [requestFailure('timeout'), fa.errors.timeout],
    [requestFailure('http', 404, 'unknown_location'), fa.errors.notFound],
    [requestFailure('http', 404, NOT_ON_MAP), fa.stats.notFoundOnMap],
    [requestFailure('http', 409, STALE_POINTS_ERROR), fa.errors.dataChanged],
    [requestFailure('http', 429, 'rate_limited'), fa.errors.rateLimited],
    [requestFailure('http', 403, 'xsrf'), fa.errors.forbidden],
    [requestFailure('http', 400, 'bad_request'), fa.errors.badRequest],
    [requestFailure('http', 503), fa.errors.server],
    [requestFailure('malformed', 200), fa.errors.server],
    [requestFailure('unexpected'), fa.errors.server],
  ])('%o reads "%s"', (failure, text) => {
    expect(failureText(failure)).toBe(text);
  });

  it('nothing failed, nothing to say', () => {
    expect(failureText(null)).toBeNull();
  });
});
