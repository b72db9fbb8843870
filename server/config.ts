import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { resolveTileUrl } from '../domain/tiles';
import { DEFAULT_CLUSTERS_MEMORY_MB } from './clusters/ClusterIndexCache';
import { DEFAULT_POINTS_MEMORY_MB } from './points/PointIndex';
import { openBasemap, type BasemapFile } from './basemap/basemapFile';
import { StartupError } from './startupError';
import { DEFAULT_DB, parseDbSpec, type DbSpec } from './store/dbSpec';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface ServerConfig {
  host: string;
  port: number;
  /** MAKAN_DB: a SQLite file (resolved) or a postgres:// URL. */
  db: DbSpec;
  /** Requests per client per rate window on /api (MAKAN_RATE_LIMIT; default 600). */
  rateLimit: number;
  /** The rate limit's window in seconds (MAKAN_RATE_WINDOW_S; default 60). */
  rateWindowS: number;
  /**
   * Where every machine counts its clients' requests together (MAKAN_RATE_DB: a postgres:// URL of the primary;
   * default none: each server counts its own). See server/rateLimit/sharedRateCounter.ts.
   */
  rateDb: string | null;
  /** Proxies (addresses or CIDR ranges) whose X-Forwarded-For names the client (MAKAN_TRUST_PROXY; default none). */
  trustProxy: string[];
  /** Built client (vite build output); null serves the API only. */
  clientDir: string | null;
  /** Origin of the raster tile server the client loads from, allowed by the CSP. */
  tileOrigin: string | null;
  logLevel: LogLevel;
  /** Server processes sharing the port (MAKAN_WORKERS; default one per core). */
  workers: number;
  /** SQLite files above this many MB are page-checked after the server listens (MAKAN_PAGE_CHECK_AFTER_MB; default 256). */
  pageCheckAfterMb: number;
  /** MB the in-memory points of all types may hold together in each process (MAKAN_POINTS_MEMORY_MB; default 1024). */
  pointsMemoryMb: number;
  /** MB the cluster indexes of all types may hold together in each process (MAKAN_CLUSTERS_MEMORY_MB; default 1024). */
  clustersMemoryMb: number;
  /** Where built points are kept between starts (MAKAN_SNAPSHOT_DIR; `off` for nowhere); see defaultSnapshotDir. */
  snapshotDir: string | null;
  /** A PMTiles vector basemap the server sends the map (MAKAN_BASEMAP; none by default). */
  basemap: BasemapFile | null;
  /**
   * The site's public address, as its pages, sitemap, robots.txt and feeds name it (MAKAN_PUBLIC_ORIGIN, such as
   * https://makan.example.ir). Never taken from a request's Host header, which any client may set. Unset: the
   * address the server listens at (right for `npm start` on one machine).
   */
  publicOrigin: string | null;
}

/**
 * Beside a SQLite file, its own folder; for PostgreSQL, one folder per server and database under data/, so
 * two databases never share files (each file also names the dataset it is of).
 */
export function defaultSnapshotDir(db: DbSpec): string {
  if (db.kind === 'sqlite') return `${db.file}.snapshots`;
  const url = new URL(db.url);
  const name = `${url.hostname}-${url.port || '5432'}-${url.pathname.replace(/^\//, '')}`.replace(/[^\w.-]/g, '_');
  return resolve('data', 'snapshots', name);
}

function snapshotDir(raw: string | undefined, db: DbSpec): string | null {
  if (raw === 'off') return null;
  return raw ? resolve(raw) : defaultSnapshotDir(db);
}

function wholeNumber(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new StartupError(
      `${name}="${raw}" is not a whole number from ${min} to ${max}: set ${name} to one, or unset it for ${fallback}`,
    );
  }
  return value;
}

const HOSTNAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

function host(raw: string | undefined): string {
  if (raw === undefined || raw === '') return '127.0.0.1';
  if (isIP(raw) === 0 && !HOSTNAME.test(raw)) {
    throw new StartupError(
      `HOST="${raw}" is neither an IP address nor a host name: set HOST to one (0.0.0.0 listens on every interface), or unset it for 127.0.0.1`,
    );
  }
  return raw;
}

function logLevel(raw: string | undefined): LogLevel {
  if (raw === undefined || raw === '') return 'info';
  const level = LOG_LEVELS.find((l) => l === raw.toLowerCase());
  if (!level) throw new StartupError(`MAKAN_LOG_LEVEL="${raw}" is not one of ${LOG_LEVELS.join(', ')}`);
  return level;
}

/** A proxy entry: an IP address, or an address with a prefix length (10.0.0.0/8, fd00::/8). */
function isProxyEntry(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !address || isIP(address) === 0) return false;
  if (prefix === undefined) return true;
  const bits = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= bits;
}

function trustProxy(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  const entries = raw.split(',').map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isProxyEntry(entry));
  if (wrong !== undefined) {
    throw new StartupError(
      `MAKAN_TRUST_PROXY="${raw}": "${wrong}" is not an IP address or a CIDR range; list the proxies' addresses, comma-separated (for example 10.0.0.5,10.1.0.0/16), or unset it`,
    );
  }
  return entries;
}

function rateDb(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  const spec = parseDbSpec(raw, 'MAKAN_RATE_DB');
  if (spec.kind !== 'postgres')
    throw new StartupError(
      'MAKAN_RATE_DB must be a postgres:// URL (the primary every machine counts in); unset it to count per server',
    );
  return spec.url;
}

function originOf(template: string | null): string | null {
  if (template === null) return null;
  try {
    return new URL(template.replace(/\{[a-z]\}/g, '0')).origin;
  } catch {
    return null;
  }
}

/** An origin alone: http or https, a host, perhaps a port; no path, query, fragment or credentials. */
export function publicOrigin(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  const text = raw.trim().replace(/\/$/, '');
  const url = URL.canParse(text) ? new URL(text) : null;
  if (
    url === null ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username !== '' ||
    url.password !== '' ||
    url.search !== '' ||
    url.hash !== '' ||
    (url.pathname !== '/' && url.pathname !== '')
  )
    throw new StartupError(
      `MAKAN_PUBLIC_ORIGIN="${raw}" is not an origin: give the site's public address alone, such as https://makan.example.ir, or unset it`,
    );
  return url.origin;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const db = parseDbSpec(env['MAKAN_DB'] || DEFAULT_DB, 'MAKAN_DB');
  return {
    host: host(env['HOST']),
    port: wholeNumber('PORT', env['PORT'], 8080, 1, 65_535),
    db,
    snapshotDir: snapshotDir(env['MAKAN_SNAPSHOT_DIR'], db),
    rateLimit: wholeNumber('MAKAN_RATE_LIMIT', env['MAKAN_RATE_LIMIT'], 600, 1, 1_000_000_000),
    rateWindowS: wholeNumber('MAKAN_RATE_WINDOW_S', env['MAKAN_RATE_WINDOW_S'], 60, 1, 86_400),
    rateDb: rateDb(env['MAKAN_RATE_DB']),
    trustProxy: trustProxy(env['MAKAN_TRUST_PROXY']),
    clientDir: resolve('dist'),
    tileOrigin: originOf(resolveTileUrl(env['VITE_TILE_URL'])),
    basemap: env['MAKAN_BASEMAP'] ? openBasemap(env['MAKAN_BASEMAP']) : null,
    publicOrigin: publicOrigin(env['MAKAN_PUBLIC_ORIGIN']),
    logLevel: logLevel(env['MAKAN_LOG_LEVEL']),
    workers: wholeNumber('MAKAN_WORKERS', env['MAKAN_WORKERS'], availableParallelism(), 1, 64),
    pointsMemoryMb: wholeNumber(
      'MAKAN_POINTS_MEMORY_MB',
      env['MAKAN_POINTS_MEMORY_MB'],
      DEFAULT_POINTS_MEMORY_MB,
      16,
      1_000_000,
    ),
    clustersMemoryMb: wholeNumber(
      'MAKAN_CLUSTERS_MEMORY_MB',
      env['MAKAN_CLUSTERS_MEMORY_MB'],
      DEFAULT_CLUSTERS_MEMORY_MB,
      16,
      1_000_000,
    ),
    pageCheckAfterMb: wholeNumber('MAKAN_PAGE_CHECK_AFTER_MB', env['MAKAN_PAGE_CHECK_AFTER_MB'], 256, 0, 1_000_000),
  };
}
