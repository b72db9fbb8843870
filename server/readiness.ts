/**
 * Whether a server answers at full speed. Until its in-memory points and cluster indexes are built, a
 * process answers correctly but several times slower (each type's first request builds them), so a load
 * balancer should send it nothing yet: `GET /api/health` answers 503 "warming" until then, 200 "ready"
 * after. Processes sharing a port (node:cluster) are one server to a balancer, whose health check lands on
 * any of them: each says "ready" only once every process of the server has warmed, which the primary tells
 * them (and takes back while a replacement for a stopped process warms).
 *
 * Only the first warm-up counts. After a data change every process of every machine rebuilds at the same
 * moment: reporting "warming" then would take the whole fleet out of rotation at once, so those rebuilds
 * are reported as `rewarming` on a ready server.
 */
import { EventEmitter } from 'node:events';

export type HealthStatus = 'warming' | 'ready';

/** Messages between a clustered server's primary and its processes. */
export type ReadinessMessage = { makan: 'warmed' } | { makan: 'server-warmed'; all: boolean };

export const isReadinessMessage = (message: unknown): message is ReadinessMessage =>
  typeof message === 'object' &&
  message !== null &&
  ((message as { makan?: unknown }).makan === 'warmed' || (message as { makan?: unknown }).makan === 'server-warmed');

export class Readiness extends EventEmitter<{ ready: [] }> {
  private ownWarmed: boolean;
  private serverWarmed: boolean;
  private rewarming = false;

  /**
   * `warmsUp`: whether this process warms at all (tests and benchmarks build on demand and are ready at once).
   * `clustered`: one of several processes of a server, told by the primary when all have warmed.
   */
  constructor(
    warmsUp: boolean,
    private readonly clustered = false,
  ) {
    super();
    this.ownWarmed = !warmsUp;
    this.serverWarmed = !clustered;
    if (clustered) {
      process.on('message', (message: unknown) => {
        if (isReadinessMessage(message) && message.makan === 'server-warmed') this.setServerWarmed(message.all);
      });
    }
  }

  /** A warm-up run ended (the first, or one after a data change). */
  warmed(): void {
    this.rewarming = false;
    if (this.ownWarmed) return;
    this.ownWarmed = true;
    if (this.clustered) process.send?.({ makan: 'warmed' } satisfies ReadinessMessage);
    else this.emit('ready');
  }

  /** A warm-up run started after a data change. */
  rewarmingStarted(): void {
    if (this.ownWarmed) this.rewarming = true;
  }

  status(): HealthStatus {
    return this.ownWarmed && this.serverWarmed ? 'ready' : 'warming';
  }

  isRewarming(): boolean {
    return this.rewarming;
  }

  private setServerWarmed(all: boolean): void {
    this.serverWarmed = all;
  }
}
