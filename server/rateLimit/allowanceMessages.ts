/**
 * What a server process and the cluster's primary say to each other about a client's rate limit (see
 * sharedAllowances.ts for the primary's side, allowanceClient.ts for a process's).
 */

/** A process asks for requests it may answer, handing back what it has left of an earlier grant in `window`. */
export interface AskMessage {
  makan: 'rate-ask';
  id: number;
  client: string;
  windowMs: number;
  max: number;
  /** The window (its start on the primary's clock) the returned credits were granted in; -1 for none. */
  window: number;
  returning: number;
}

/**
 * The primary's answer: `granted` requests of `window` (none: the client has used its whole limit there),
 * counted from `from`, and the window's time left (ms) when the primary answered.
 */
export interface GrantMessage {
  makan: 'rate-grant';
  id: number;
  window: number;
  from: number;
  granted: number;
  ttl: number;
}

/** The primary asks a process to give back what it has not used of its grants in `window`. */
export interface ReclaimMessage {
  makan: 'rate-reclaim';
  id: number;
  client: string;
  window: number;
}

/** A process's answer to a reclaim: how many it gave back (it answers no request with them any more). */
export interface ReturnedMessage {
  makan: 'rate-returned';
  id: number;
  client: string;
  window: number;
  returned: number;
}

export type ToPrimary = AskMessage | ReturnedMessage;
export type ToProcess = GrantMessage | ReclaimMessage;

const tagged =
  <T extends { makan: string }>(tag: T['makan']) =>
  (message: unknown): message is T =>
    typeof message === 'object' && message !== null && (message as { makan?: unknown }).makan === tag;

export const isAsk = tagged<AskMessage>('rate-ask');
export const isGrant = tagged<GrantMessage>('rate-grant');
export const isReclaim = tagged<ReclaimMessage>('rate-reclaim');
export const isReturned = tagged<ReturnedMessage>('rate-returned');
