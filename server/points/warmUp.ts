/**
 * Builds each type's in-memory points, each viewport type's cluster index and each type's name order in the
 * background: after the server listens and again after every data change. Without it the first visitor to a
 * type waits for its build, which at 5M locations takes longer than a client waits for an answer. One type at
 * a time, map types first; the builds yield to requests (points are read in pages, cluster indexes and name
 * orders built in a worker). It stops short of the memory budgets, so warming never pushes out what visitors
 * are using. Once ready, it reads each teaching type's trade index, so a visitor's first trade question does not
 * wait for that read either (16 s at a million locations, which would delay "ready" for every start by as much).
 */
import { VersionMoved } from '../derived/versionGuard';
import type { FastifyBaseLogger } from 'fastify';
import { LOCATION_TYPES, TEACHING_TYPES } from '../../domain/locationTypes';
import type { ClusterIndexCache } from '../clusters/ClusterIndexCache';
import type { NameOrders } from './NameOrders';
import type { PointIndex } from './PointIndex';
import type { TradeIndex } from '../trades/TradeIndex';

/** Warming stops once a cache holds this share of its budget. */
const BUDGET_SHARE = 0.8;

/** Every type once (the home route shares MainOffice's type), viewport types first, in menu order. */
const TYPES = [...new Map(LOCATION_TYPES.filter((t) => t.route !== '').map((t) => [t.typeId, t])).values()].sort(
  (a, b) =>
    Number(b.loadMode === 'viewport') - Number(a.loadMode === 'viewport') || (a.menuOrder ?? 99) - (b.menuOrder ?? 99),
);

/** The line each process logs once warm: what operators look for (docs/operations.md) and the tests wait on. */
export const WARMED_MESSAGE = 'in-memory points and cluster indexes warmed';
/** The line once every teaching type's trade index is read, after the process has said it is warmed. */
export const TRADES_WARMED_MESSAGE = 'trade indexes warmed';

export class WarmUp {
  private generation = 0;
  /** Types built so far by the run going on; null when none is. */
  private progress: { types: number } | null = null;

  constructor(
    private readonly points: PointIndex,
    private readonly clusters: ClusterIndexCache,
    private readonly nameOrders: NameOrders,
    private readonly trades: TradeIndex,
    private readonly budgets: { points: number; clusters: number },
    private readonly log: FastifyBaseLogger,
    /** Called when a run ends, whether every type was built or it stopped short (the process serves either way). */
    private readonly onDone: () => void = () => {},
  ) {}

  /** Starts warming from the first type; a run still going is abandoned. */
  start(): void {
    void this.run(++this.generation);
  }

  /** Abandons the run going on (a shutdown): what it was building is dropped, and the log says so, once. */
  stop(): void {
    this.generation++;
    if (this.progress === null) return;
    this.log.info({ types: this.progress.types, of: TYPES.length }, 'warming stopped: the server is shutting down');
    this.progress = null;
  }

  private async run(generation: number): Promise<void> {
    const started = performance.now();
    let types = 0;
    const progress = { types: 0 };
    this.progress = progress;
    for (const type of TYPES) {
      if (generation !== this.generation) return;
      if (this.points.memory() >= this.budgets.points * BUDGET_SHARE) break;
      try {
        await this.points.get(type.typeId);
        if (type.loadMode === 'viewport' && this.clusters.memory() < this.budgets.clusters * BUDGET_SHARE)
          await this.clusters.prepare(type.typeId);
      } catch (error) {
        // A visitor's request builds it again and says what failed; warming just stops. A dataset that moved
        // under it switches the process, which warms again from the start.
        if (generation !== this.generation || error instanceof VersionMoved) return;
        this.progress = null;
        this.log.warn({ err: error, typeId: type.typeId }, 'warming the in-memory points stopped');
        this.onDone();
        return;
      }
      types++;
      progress.types = types;
    }
    const nameOrders = await this.orderNames(generation, types);
    if (generation !== this.generation) return;
    this.progress = null;
    this.log.info(
      {
        types,
        nameOrders,
        seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
        bytes: this.points.memory() + this.clusters.memory(),
      },
      WARMED_MESSAGE,
    );
    this.onDone();
    await this.readTrades(generation);
  }

  /** Reads every teaching type's trade index (paced, so answers go on), and says so, unless a newer run began. */
  private async readTrades(generation: number): Promise<void> {
    const started = performance.now();
    try {
      const trades = await this.trades.tradeNames(TEACHING_TYPES.map((type) => type.typeId));
      if (generation !== this.generation) return;
      const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
      this.log.info({ types: TEACHING_TYPES.length, trades: trades.length, seconds }, TRADES_WARMED_MESSAGE);
    } catch (error) {
      // The first trade question reads it again and says what failed.
      if (generation !== this.generation || error instanceof VersionMoved) return;
      this.log.warn({ err: error }, 'reading the trade indexes stopped');
    }
  }

  /**
   * Then each warmed type's names are ordered (one at a time, in their own worker, or read from the snapshot
   * some process wrote), so the first area asked of a type does not wait for it; returns how many were. This
   * is part of warming, not left for after "ready": at 5M an order takes seconds of a core, and on a small
   * machine answers shared that core with it for the first 10-15 s a balancer was sending traffic (measured
   * by bench:start).
   */
  private async orderNames(generation: number, types: number): Promise<number> {
    let ordered = 0;
    for (const type of TYPES.slice(0, types)) {
      if (generation !== this.generation) break;
      try {
        await this.nameOrders.of(await this.points.get(type.typeId));
      } catch (error) {
        this.log.warn({ err: error, typeId: type.typeId }, 'ordering names stopped');
        break;
      }
      ordered++;
    }
    return ordered;
  }
}
