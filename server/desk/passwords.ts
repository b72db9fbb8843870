/**
 * Staff passwords, kept as scrypt hashes (memory-hard: 32 MiB a guess) with a salt of their own, compared in
 * constant time. The stored form names its parameters, so stronger ones can come later without a migration.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_BYTES = 32;
/** scrypt needs 128 * N * r bytes; Node refuses more than 32 MiB unless told. */
const MAX_MEM = 64 * 1024 * 1024;

/** ASVS 5.0 6.2.1 asks at least 8 characters; 12 here. Long ones are fine, up to a bound on the work. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

/** Why a password is refused, or null. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < PASSWORD_MIN) return `a password needs at least ${PASSWORD_MIN} characters`;
  if ([...password].length > PASSWORD_MAX) return `a password may have at most ${PASSWORD_MAX} characters`;
  return null;
}

const derive = (password: string, salt: Buffer, options: ScryptOptions & { N: number; r: number; p: number }) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { ...options, maxmem: MAX_MEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const given = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A hash to compare against when the name is unknown, so a wrong name costs the same time as a wrong
 * password and the answer's timing does not tell which names exist.
 */
let decoy: Promise<string> | null = null;
export const decoyHash = () => (decoy ??= hashPassword(randomBytes(16).toString('hex')));
