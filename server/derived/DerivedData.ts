/**
 * Everything a server derives from the dataset and keeps in memory, and its life: the in-memory points
 * and their k-d trees, the cluster indexes, the name lists and chart counts, nearest; the two index
 * workers they are built in, within their memory budgets; the warm-up that builds them ahead of visitors;
 * and the dataset version they were read at, so whoever notices a newer one first (the store's watch, or
 * /api/meta answering a client) drops them all, and a client told of a new version never gets old derived
 * answers after it.
 */
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DatasetMeta } from '../../domain/gateway';
import { ClusterIndexCache, DEFAULT_CLUSTERS_MEMORY_MB } from '../clusters/ClusterIndexCache';
import { CoverageIndex } from '../coverage/CoverageIndex';
import { EquityIndex } from '../equity/EquityIndex';
import { PlanIndex } from '../plan/PlanIndex';
import { AskAnswers } from '../ask/AskAnswers';
import { TradeIndex } from '../trades/TradeIndex';
import { NearestIndex } from '../geo/nearest';
import { DEFAULT_POINTS_MEMORY_MB, PointIndex } from '../points/PointIndex';
import { NameOrders } from '../points/NameOrders';
import { WarmUp } from '../points/warmUp';
import { Readiness } from '../readiness';
import { SnapshotShelf } from '../snapshots/SnapshotShelf';
import { NameLists } from '../stats/NameLists';
import { StatCounts } from '../stats/StatCounts';
import type { LocationStore } from '../store/LocationStore';
import type { IndexRequest } from '../workers/indexWorker';
import { WorkerClient } from '../workers/WorkerClient';
import { layerStore, type StoreLayers } from './storeLayers';
import type { DatabaseReach } from '../store/databaseReach';
import { workerEntry } from '../workers/workerEntries';
import { DownloadFiles } from '../exporter/DownloadFiles';

export interface DerivedDataOptions {
  /** MB the in-memory points of all types may hold together (default DEFAULT_POINTS_MEMORY_MB). */
  pointsMemoryMb?: number;
  /** MB the cluster indexes may hold together (default DEFAULT_CLUSTERS_MEMORY_MB). */
  clustersMemoryMb?: number;
  /** Builds every type ahead of visitors once started, and again after each data change. */
  warmUp?: boolean;
  /** Told when warming ends; by default this process alone. */
  readiness?: Readiness;
  /** Where each type's built points are kept for the next process to start (none by default). */
  snapshotDir?: string | null;
}

const MB = 1024 * 1024;

export class DerivedData {
  /** The store with every read checked against the version of the answer it is made for (versionGuard.ts). */
  readonly store: LocationStore;
  readonly points: PointIndex;
  readonly clusters: ClusterIndexCache;
  readonly nameLists: NameLists;
  readonly nameOrders: NameOrders;
  readonly counts: StatCounts;
  readonly nearest: NearestIndex;
  readonly coverage: CoverageIndex;
  readonly equity: EquityIndex;
  readonly plans: PlanIndex;
  readonly trades: TradeIndex;
  readonly ask: AskAnswers;
  readonly downloads: DownloadFiles;
  readonly readiness: Readiness;
  private readonly workers: WorkerClient<IndexRequest>[];
  private readonly warmUp: WarmUp | null;
  private readonly stopWatching: () => void;
  private catchingUp: Promise<void> | null = null;

  private readonly unguarded: LocationStore;

  private constructor(
    layers: StoreLayers,
    private knownVersion: number,
    private readonly log: FastifyBaseLogger,
    options: DerivedDataOptions,
  ) {
    const store = layers.guarded;
    this.unguarded = layers.reached;
    this.store = store;
    // Two index workers: a cluster index build (seconds at a million points) never delays a type's k-d tree.
    const indexWorker = workerEntry('indexWorker');
    const treeWorker = new WorkerClient<IndexRequest>(indexWorker, 'makan-trees');
    const clusterWorker = new WorkerClient<IndexRequest>(indexWorker, 'makan-clusters');
    // Names are ordered in a third worker, started only when first asked, so no tree or cluster build waits.
    const namesWorker = new WorkerClient<IndexRequest>(indexWorker, 'makan-names');
    this.workers = [treeWorker, clusterWorker, namesWorker];
    const budgets = {
      points: (options.pointsMemoryMb ?? DEFAULT_POINTS_MEMORY_MB) * MB,
      clusters: (options.clustersMemoryMb ?? DEFAULT_CLUSTERS_MEMORY_MB) * MB,
    };
    const dir = options.snapshotDir;
    const shelf = (name: string, otherwise: string) => (dir ? new SnapshotShelf(dir, { name, otherwise }, log) : null);
    this.points = new PointIndex(store, treeWorker, budgets.points, shelf('points', 'building from the store'));
    this.clusters = new ClusterIndexCache(this.points, clusterWorker, budgets.clusters, dir ? { dir, log } : null);
    this.nameOrders = new NameOrders(namesWorker, shelf('names', 'ordering them anew'));
    this.nameLists = new NameLists(this.points, this.nameOrders);
    this.counts = new StatCounts(store);
    this.nearest = new NearestIndex(this.points);
    this.coverage = new CoverageIndex(this.points);
    this.equity = new EquityIndex(this.points, this.coverage);
    this.plans = new PlanIndex(this.points, store, this.coverage, this.equity);
    this.trades = new TradeIndex(store);
    this.ask = new AskAnswers(this.points, this.trades);
    this.downloads = new DownloadFiles(dir ? join(dir, 'downloads') : null, store, log);
    this.readiness = options.readiness ?? new Readiness(options.warmUp === true);
    this.warmUp = options.warmUp
      ? new WarmUp(this.points, this.clusters, this.nameOrders, this.trades, budgets, log, () =>
          this.readiness.warmed(),
        )
      : null;
    // A change by another process (the import CLI) is noticed within about a second even if no client asks.
    this.stopWatching = store.watchVersion((meta) => this.noteVersion(meta));
  }

  /**
   * Reads the dataset version the derived data starts from. `reach`: the database's reach the store is read
   * through (storeLayers.ts layers it); none for a store read directly.
   */
  static async open(
    store: LocationStore,
    log: FastifyBaseLogger,
    options: DerivedDataOptions = {},
    reach: DatabaseReach | null = null,
  ): Promise<DerivedData> {
    // The guard asks the derived data's version, and tells it of a move: it exists by the time anything is read
    // through the guard (the first version is read through the reach alone).
    let derived: DerivedData | null = null;
    const layers = layerStore(store, reach, {
      current: () => derived!.knownVersion,
      moved: () => void derived?.catchUp().catch(() => {}),
    });
    derived = new DerivedData(layers, (await layers.reached.meta()).version, log, options);
    return derived;
  }

  /** The dataset version the derived data is of (the newest anyone has told it of). */
  get version(): number {
    return this.knownVersion;
  }

  /** Told of the dataset version someone has just read: a newer one drops what was derived from the old. */
  noteVersion(meta: DatasetMeta): void {
    if (meta.version === this.knownVersion) return;
    this.knownVersion = meta.version;
    this.points.clear();
    this.nameLists.clear();
    this.counts.clear();
    this.clusters.clear();
    this.coverage.clear();
    this.equity.clear();
    this.trades.clear();
    this.log.info({ version: meta.version, locations: meta.locations }, 'dataset changed');
    if (this.warmUp) {
      this.readiness.rewarmingStarted();
      this.warmUp.start();
    }
  }

  /**
   * Switches to the store's current version, if it has moved (a read found it newer). The answers and warm-up
   * builds that meet a move at once share one read of it.
   */
  catchUp(): Promise<void> {
    this.catchingUp ??= this.unguarded
      .meta()
      .then((meta) => this.noteVersion(meta))
      .finally(() => (this.catchingUp = null));
    return this.catchingUp;
  }

  /** Starts building every type ahead of visitors (when asked to warm up). */
  startWarmUp(): void {
    this.warmUp?.start();
  }

  async close(): Promise<void> {
    this.warmUp?.stop();
    this.stopWatching();
    await Promise.all(this.workers.map((worker) => worker.close()));
  }
}
