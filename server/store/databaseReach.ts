/**
 * A server whose database is gone keeps serving: what it holds in memory (the map's points and clusters, the
 * counts, the pages) it answers as before, from the last dataset version it read; what only the database has (a
 * location's details, a search) it refuses with 503 and Retry-After, for a balancer to ask another server. It says
 * so in /api/health (still in rotation: its answers are right, only perhaps not the newest), logs the loss once and
 * the return once, and reads from the database again by itself when it answers: node-postgres opens a new
 * connection for each query after a failed one, so nothing needs restarting.
 *
 * The store is wrapped below everything that reads it: the dataset's meta and version fall back to the newest
 * the server has seen (so one-version checks pass on answers made from memory), and a failure that means the
 * database is out of reach becomes the 503 refusal rather than a 500.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DATASET_UNAVAILABLE } from '../../domain/http';
import type { DatasetMeta } from '../../domain/wire/answers';
import { HttpError } from '../http/errors';
import type { LocationStore } from './LocationStore';
import type { StaffDesk } from './StaffDesk';

/** Errors that mean the database cannot be reached, not that a query was wrong. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
/** PostgreSQL's own: connection exceptions (class 08), and shutting down or starting (57P01-57P03). */
const UNREACHABLE_STATES = /^(08...|57P0[123])$/;
const UNREACHABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|the database system is/i;

export function meansDatabaseGone(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNREACHABLE_STATES.test(code))) return true;
  return typeof message === 'string' && UNREACHABLE_MESSAGES.test(message);
}

/** How often a gone database is asked again by the reads that memory answers meanwhile. */
const PROBE_EVERY_MS = 1_000;

/** Seconds a client (or balancer) may wait before asking again. */
const RETRY_AFTER_S = 1;

const unavailable = () =>
  new HttpError(
    503,
    DATASET_UNAVAILABLE,
    'the database does not answer this server for now: ask again (another server may)',
    RETRY_AFTER_S,
  );

export class DatabaseReach {
  private reachable = true;
  private lastMeta: DatasetMeta | null = null;

  constructor(private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>) {}

  get isReachable(): boolean {
    return this.reachable;
  }

  /** `store` with every read noted, and the loss of its database answered as above. */
  wrap(store: LocationStore): LocationStore {
    const seen = (meta: DatasetMeta) => this.seen(meta);
    const desk = this.wrapDesk(store.desk);
    return new Proxy(store, {
      get: (target, property) => {
        if (property === 'desk') return desk;
        const value: unknown = Reflect.get(target, property);
        if (typeof value !== 'function') return value;
        if (property === 'watchVersion')
          return (onChange: (meta: DatasetMeta) => void) =>
            target.watchVersion((meta) => {
              seen(meta);
              onChange(meta);
            });
        return (...args: unknown[]) => {
          // Known gone: what memory can answer is answered at once, not after a connection attempt times out;
          // the database is tried again by one probe a second (and by every health check) until it answers.
          if (!this.reachable && this.lastMeta && (property === 'meta' || property === 'datasetVersion')) {
            this.probe(target);
            return Promise.resolve(property === 'meta' ? this.lastMeta : this.lastMeta.version);
          }
          const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
          if (!(result instanceof Promise)) return result;
          return result.then(
            (answer: unknown) => {
              this.answered();
              if (property === 'meta') seen(answer as DatasetMeta);
              return answer;
            },
            (error: unknown) => {
              if (!meansDatabaseGone(error)) throw error;
              this.lost(error);
              if (property === 'meta' && this.lastMeta) return this.lastMeta;
              if (property === 'datasetVersion' && this.lastMeta) return this.lastMeta.version;
              throw unavailable();
            },
          );
        };
      },
    });
  }

  /**
   * The staff desk's records live only in the database: while it is gone they are refused like any such read (503,
   * Retry-After), and an answer from it says the database is back.
   */
  private wrapDesk(desk: StaffDesk): StaffDesk {
    return new Proxy(desk, {
      get: (target, property) => {
        const value: unknown = Reflect.get(target, property);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) =>
          ((value as (...a: unknown[]) => Promise<unknown>).apply(target, args) as Promise<unknown>).then(
            (answer) => {
              this.answered();
              return answer;
            },
            (error: unknown) => {
              if (!meansDatabaseGone(error)) throw error;
              this.lost(error);
              throw unavailable();
            },
          );
      },
    });
  }

  private probing = false;
  private probedAt = 0;

  /** Asks the database for its version, once at a time and at most once a second, while it is gone. */
  private probe(target: LocationStore): void {
    const now = Date.now();
    if (this.probing || now - this.probedAt < PROBE_EVERY_MS) return;
    this.probing = true;
    this.probedAt = now;
    target
      .meta()
      .then(
        (meta) => {
          this.seen(meta);
          this.answered();
        },
        () => undefined,
      )
      .finally(() => (this.probing = false));
  }

  /** The newest meta read by any path: what memory answers from while the database is gone. */
  private seen(meta: DatasetMeta): void {
    if (this.lastMeta === null || meta.version >= this.lastMeta.version) this.lastMeta = meta;
  }

  private answered(): void {
    if (this.reachable) return;
    this.reachable = true;
    this.log.info({}, 'the database answers again');
  }

  private lost(error: unknown): void {
    if (!this.reachable) return;
    this.reachable = false;
    this.log.warn(
      { reason: error instanceof Error ? error.message : String(error), version: this.lastMeta?.version ?? null },
      'the database does not answer: serving the last version read from memory; reads that need it are refused (503) until it does',
    );
  }
}
