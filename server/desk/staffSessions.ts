/**
 * Staff sessions: a random token in a cookie scripts cannot read (HttpOnly), sent to this site alone
 * (SameSite=Strict), over TLS only when the site is served over it (Secure); the database keeps only the token's
 * hash, so a copy of the database signs nobody in. A session ends at sign-out, after IDLE_MS without a request,
 * and ABSOLUTE_MS after sign-in, whichever comes first; signing in always makes a new one (no fixation).
 *
 * Sign-in is slowed, then refused, after repeated failures: per account (the lock below, kept in the database so
 * every server process and machine sees it) and per client (the route's own rate limit, staffRoutes.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import type { StaffDesk } from '../store/StaffDesk';
import { decoyHash, passwordMatches } from './passwords';

export const STAFF_COOKIE = 'makan_staff';
export const IDLE_MS = 30 * 60_000;
export const ABSOLUTE_MS = 12 * 60 * 60_000;
/** A session's last use is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 60_000;

/**
 * The failed sign-in in a row that first locks an account, for FIRST_LOCK_S; each further one locks it for twice
 * as long as the last, up to LOCK_MAX_S (a guess every 15 minutes at most, for ever).
 */
export const FREE_FAILURES = 3;
export const FIRST_LOCK_S = 30;
export const LOCK_MAX_S = 15 * 60;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** When an account with `failures` failed sign-ins may try again ('' for at once). */
export function lockedUntil(failures: number, now = Date.now()): string {
  if (failures < FREE_FAILURES) return '';
  const seconds = Math.min(FIRST_LOCK_S * 2 ** (failures - FREE_FAILURES), LOCK_MAX_S);
  return new Date(now + seconds * 1000).toISOString();
}

/** The lock each count of failures sets, from none up to the first that locks for LOCK_MAX_S (the rest do too). */
function lockTable(now: number): string[] {
  const locks: string[] = [];
  for (let failures = 0; ; failures++) {
    locks.push(lockedUntil(failures, now));
    if (failures >= FREE_FAILURES && FIRST_LOCK_S * 2 ** (failures - FREE_FAILURES) >= LOCK_MAX_S) return locks;
  }
}

/** Every refusal of a staff route says this and nothing more: no hint of which part was wrong. */
export const unauthenticated = () => new HttpError(401, 'unauthenticated', 'sign in as staff first');
const badSignIn = () => new HttpError(401, 'unauthenticated', 'that name and password do not sign in');

export interface SignedIn {
  name: string;
  tokenHash: string;
  signedInAt: string;
  idleMinutes: number;
}

const cookieOptions = (request: FastifyRequest) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: request.protocol === 'https',
});

export class StaffSessions {
  constructor(
    private readonly desk: () => StaffDesk,
    private readonly now: () => number = Date.now,
  ) {}

  /** The staff member this request's cookie names, or null (an ended or expired session is removed). */
  async staffOf(request: FastifyRequest): Promise<SignedIn | null> {
    const token = request.cookies[STAFF_COOKIE];
    if (typeof token !== 'string' || token.length < 20 || token.length > 100) return null;
    const tokenHash = hashToken(token);
    const session = await this.desk().session(tokenHash);
    if (!session) return null;
    const now = this.now();
    const seen = Date.parse(session.seenAt);
    if (now - seen > IDLE_MS || now - Date.parse(session.createdAt) > ABSOLUTE_MS) {
      await this.desk().endSession(tokenHash);
      return null;
    }
    if (now - seen > TOUCH_EVERY_MS) await this.desk().touchSession(tokenHash, new Date(now).toISOString());
    return {
      name: session.name,
      tokenHash,
      signedInAt: session.createdAt,
      idleMinutes: Math.round(IDLE_MS / 60_000),
    };
  }

  /**
   * Signs in (a new session, the request's old one ended) or throws 401, or 429 while the account is locked.
   * The attempt is counted against the account before its password is checked (StaffDesk.claimSignIn), so
   * guesses sent together are held to the same three as guesses sent one after another.
   */
  async signIn(request: FastifyRequest, reply: FastifyReply, name: string, password: string): Promise<string> {
    const desk = this.desk();
    const folded = name.trim().toLowerCase();
    const now = this.now();
    const claim = await desk.claimSignIn(folded, new Date(now).toISOString(), lockTable(now));
    if (claim.kind === 'locked') {
      const wait = Math.max(1, Math.ceil((Date.parse(claim.lockedUntil) - now) / 1000));
      throw new HttpError(429, 'signin_locked', `too many failed sign-ins: try again in ${wait} s`, wait);
    }
    // An unknown name costs the same scrypt work as a wrong password.
    const account = claim.kind === 'claimed' ? claim : null;
    const matches = await passwordMatches(password, account?.passwordHash ?? (await decoyHash()));
    if (!account || !matches) throw badSignIn();
    await desk.clearFailures(account.name);
    await desk.endStaleSessions(new Date(now - IDLE_MS).toISOString(), new Date(now - ABSOLUTE_MS).toISOString());
    const old = request.cookies[STAFF_COOKIE];
    if (typeof old === 'string') await desk.endSession(hashToken(old));
    const token = randomBytes(32).toString('base64url');
    await desk.addSession(hashToken(token), account.name, new Date(now).toISOString());
    reply.setCookie(STAFF_COOKIE, token, { ...cookieOptions(request), maxAge: ABSOLUTE_MS / 1000 });
    return account.name;
  }

  async signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = request.cookies[STAFF_COOKIE];
    if (typeof token === 'string') await this.desk().endSession(hashToken(token));
    reply.clearCookie(STAFF_COOKIE, cookieOptions(request));
  }
}
