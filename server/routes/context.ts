import type { ConsoleImports } from '../desk/consoleImports';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { DatasetMeta } from '../../domain/gateway';
import type { ClusterIndexCache } from '../clusters/ClusterIndexCache';
import type { CoverageIndex } from '../coverage/CoverageIndex';
import type { EquityIndex } from '../equity/EquityIndex';
import type { PlanIndex } from '../plan/PlanIndex';
import type { AskAnswers } from '../ask/AskAnswers';
import type { TradeIndex } from '../trades/TradeIndex';
import type { NearestIndex } from '../geo/nearest';
import type { NameOrders } from '../points/NameOrders';
import type { PointIndex } from '../points/PointIndex';
import type { StatCounts } from '../stats/StatCounts';
import type { NameLists } from '../stats/NameLists';
import type { BasemapFile } from '../basemap/basemapFile';
import type { Readiness } from '../readiness';
import type { LocationStore } from '../store/LocationStore';
import type { DeskLimits } from '../desk/deskLimits';
import type { DownloadFiles } from '../exporter/DownloadFiles';

/** What every route module is given. */
export interface RouteContext {
  store: LocationStore;
  points: PointIndex;
  nameLists: NameLists;
  nameOrders: NameOrders;
  counts: StatCounts;
  clusters: ClusterIndexCache;
  nearest: NearestIndex;
  coverage: CoverageIndex;
  equity: EquityIndex;
  plans: PlanIndex;
  trades: TradeIndex;
  ask: AskAnswers;
  /** The version's downloads kept as files, sent with ranges (exporter/DownloadFiles.ts). */
  downloads: DownloadFiles;
  filesDir: string;
  /** The vector basemap the server sends the map, or null (the bundled basemap alone). */
  basemap: BasemapFile | null;
  /** Told of the dataset version a route has just read: a newer one drops the data derived from the old. */
  noteVersion(meta: DatasetMeta): void;
  /** Whether this server answers at full speed yet (see readiness.ts). */
  readiness: Readiness;
  /**
   * The console's imports, run in a worker thread on a store of their own (a connection apart from the one that
   * serves reads, as the CLI's is); null where the database cannot be written.
   */
  imports: ConsoleImports | null;
  /** How often a client may try to sign in and file reports (server/desk/deskLimits.ts). */
  deskLimits: DeskLimits;
  /** Whether the database answered the last read (see store/databaseReach.ts). */
  databaseReachable(): boolean;
  /** The site's public address (app.ts publicOriginOf): what pages and feeds link to, never a request's Host. */
  publicOrigin(): string;
}

/** The API's Fastify instance: each route's params, query, body and answer are typed from its schemas. */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
