/** The staff desk's pure rules: dialable Iranian numbers, and how long failed sign-ins lock an account. */
import { describe, expect, it } from 'vitest';
import { nationalNumber, phonePieces, zeroDropped } from '../../domain/phone';
import { reportIdOfPath } from '../../domain/reports';
import { FIRST_LOCK_S, FREE_FAILURES, LOCK_MAX_S, lockedUntil } from '../../server/desk/staffSessions';

describe('dialable numbers', () => {
  it.each([
    ['021-88776655', '02188776655'],
    ['۰۲۱ ۸۸۷۷ ۶۶۵۵', '02188776655'],
    ['٠٩١٢١٢٣٤٥٦٧', '09121234567'],
    ['+98 21 8877 6655', '02188776655'],
    ['0098-912-123-4567', '09121234567'],
    ['(021) 88776655', '02188776655'],
  ])('%s is %s', (piece, national) => expect(nationalNumber(piece)).toBe(national));

  it.each(['12345', '021-123', '88776655', '0000000000', '00000000000', '+1 555 0100', 'تماس بگیرید', '021-8877665x'])(
    '%s is not dialable',
    (piece) => expect(nationalNumber(piece)).toBeNull(),
  );

  it('a number that lost its leading 0 to Excel is told with the 0 back; nothing else is', () => {
    expect(zeroDropped('2188776655')).toBe('02188776655');
    expect(zeroDropped('۹۱۲۱۲۳۴۵۶۷')).toBe('09121234567');
    expect(zeroDropped('21-88776655')).toBe('02188776655');
    for (const piece of ['02188776655', '88776655', '12345', '021887766551', 'تماس بگیرید', '+1 555 0100'])
      expect(zeroDropped(piece), piece).toBeNull();
  });

  it('splits a field as the tel: links do', () => {
    expect(phonePieces('021-88776655 / 021-88776656، 09121234567')).toEqual([
      '021-88776655',
      '021-88776656',
      '09121234567',
    ]);
  });
});

describe('sign-in locks', () => {
  it('lets a few failures pass, then locks for longer each time, up to a bound', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    const lockS = (failures: number) => {
      const until = lockedUntil(failures, now);
      return until === '' ? 0 : (Date.parse(until) - now) / 1000;
    };
    for (let f = 0; f < FREE_FAILURES; f++) expect(lockS(f)).toBe(0);
    expect(lockS(FREE_FAILURES)).toBe(FIRST_LOCK_S);
    expect(lockS(FREE_FAILURES + 1)).toBe(FIRST_LOCK_S * 2);
    expect(lockS(FREE_FAILURES + 20)).toBe(LOCK_MAX_S);
  });
});

describe('report links', () => {
  it('reads a report id from its address, and nothing else', () => {
    expect(reportIdOfPath(`/reports/${'a'.repeat(22)}`)).toBe('a'.repeat(22));
    expect(reportIdOfPath('/reports/short')).toBeNull();
    expect(reportIdOfPath(`/reports/${'a'.repeat(22)}/x`)).toBeNull();
    expect(reportIdOfPath('/Centers')).toBeNull();
  });
});
