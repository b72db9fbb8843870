/**
 * When the primary starts another server process in place of one that stopped. A process that served and
 * then died is replaced at once. One that dies before it listens (a start-up failure: a replaced database
 * file, a full disk) would die the same way again: each such failure in a row doubles the wait before the
 * next start, up to a cap, and after `giveUpAfter` of them the primary stops and says why, so a supervisor
 * (systemd, a container runtime) sees a failed service instead of a process restarting forever.
 */
export interface RespawnPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  giveUpAfter: number;
}

export const RESPAWN: RespawnPolicy = { firstDelayMs: 250, maxDelayMs: 8_000, giveUpAfter: 5 };

export type RespawnDecision = { giveUp: true; failures: number } | { giveUp: false; delayMs: number };

export class Respawner {
  private failuresInARow = 0;

  constructor(private readonly policy: RespawnPolicy = RESPAWN) {}

  /** A process listened: start-up works again, whatever failed before. */
  listened(): void {
    this.failuresInARow = 0;
  }

  /** A process stopped; `listened` says whether it had served. */
  stopped(listened: boolean): RespawnDecision {
    if (listened) return { giveUp: false, delayMs: 0 };
    this.failuresInARow += 1;
    if (this.failuresInARow >= this.policy.giveUpAfter) return { giveUp: true, failures: this.failuresInARow };
    const delayMs = Math.min(this.policy.maxDelayMs, this.policy.firstDelayMs * 2 ** (this.failuresInARow - 1));
    return { giveUp: false, delayMs };
  }
}
