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
 * database is out of reach becomes the 503 refusal rather than a 500. So does a read the database answers but
 * cannot finish for want of room, memory or connections (its disk full under the temporary files of a large sort):
 * it reaches the database, which is not gone, and it will pass.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DATASET_UNAVAILABLE } from '../../domain/http';
import type { DatasetMeta } from '../../domain/wire/answers';
import { HttpError } from '../http/errors';
import type { DataRead, LocationStore } from './LocationStore';
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

/**
 * A database short of what a read needs: PostgreSQL's insufficient resources (class 53: its disk full, out of
 * memory, too many connections, a configured limit) and SQLite's full disk or memory. On a full disk a large sort's
 * temporary files cannot be written: a download or the changes read answered "internal server error".
 */
const SHORT_STATES = /^(53...|SQLITE_FULL|SQLITE_NOMEM)$/;

export function meansDatabaseShort(error: unknown): string | null {
  const { code } = (error ?? {}) as { code?: unknown };
  return typeof code === 'string' && SHORT_STATES.test(code) ? code : null;
}

/** When a read refused for want of resources may be asked again: what freeing a disk takes, as for a write. */
const SHORT_RETRY_AFTER_S = 30;

const short = (code: string) =>
  new HttpError(
    503,
    DATASET_UNAVAILABLE,
    `the database cannot answer this now (${code}): its disk, memory or connections are short; ask again (another server may)`,
    SHORT_RETRY_AFTER_S,
  );

/** `records` with a failure for want of resources made the refusal above, as each read's is. */
async function* refusingShort<T>(records: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* records;
  } catch (error) {
    const code = meansDatabaseShort(error);
    throw code === null ? error : short(code);
  }
}

/** How often a gone database is asked again by the reads that memory answers meanwhile. */
const PROBE_EVERY_MS = 1_000;

/** Seconds a client (or balancer) may wait before asking again. */
const RETRY_AFTER_S = 1;

/** The store's reads that go through the database and answer with a promise. */
type StoreRead = DataRead | 'beginImport';

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

  /**
   * `store` with every read noted, and the loss of its database answered as above. Each member is listed, typed as
   * the store: a member added to the interface is not forgotten here, the compiler asks for it.
   */
  wrap(store: LocationStore): LocationStore {
    const read =
      <K extends StoreRead>(name: K) =>
      (...args: Parameters<LocationStore[K]>): ReturnType<LocationStore[K]> =>
        this.reached<unknown>(() =>
          (store[name] as (...given: unknown[]) => Promise<unknown>).apply(store, args),
        ) as ReturnType<LocationStore[K]>;
    return {
      pointPage: read('pointPage'),
      locationDetail: read('locationDetail'),
      countsByProvince: read('countsByProvince'),
      countsByGender: read('countsByGender'),
      provinces: read('provinces'),
      search: read('search'),
      changes: read('changes'),
      changedPlaces: read('changedPlaces'),
      beginImport: read('beginImport'),
      // What memory can answer while the database is known gone: the newest meta and version seen.
      meta: () =>
        this.fromMemory(store, 'meta') ??
        this.reached(
          () => store.meta().then((meta) => this.seen(meta) ?? meta),
          () => this.lastMeta,
        ),
      datasetVersion: () =>
        this.fromMemory(store, 'datasetVersion') ??
        this.reached(
          () => store.datasetVersion(),
          () => this.lastMeta?.version ?? null,
        ),
      // Streamed: its reads fail as they go, to the download that sends it.
      exportRecords: (typeId) => refusingShort(store.exportRecords(typeId)),
      watchVersion: (onChange) =>
        store.watchVersion((meta) => {
          this.seen(meta);
          onChange(meta);
        }),
      desk: this.wrapDesk(store.desk),
      writesRefused: () => store.writesRefused(),
      close: () => store.close(),
    };
  }

  /**
   * Known gone: what memory can answer is answered at once, not after a connection attempt times out; the database
   * is tried again by one probe a second (and by every health check) until it answers.
   */
  private fromMemory<K extends 'meta' | 'datasetVersion'>(
    store: LocationStore,
    what: K,
  ): ReturnType<LocationStore[K]> | null {
    if (this.reachable || !this.lastMeta) return null;
    this.probe(store);
    return Promise.resolve(what === 'meta' ? this.lastMeta : this.lastMeta.version) as ReturnType<LocationStore[K]>;
  }

  /**
   * A read through the database: an answer says it is reachable; a failure that means it is gone is noted and
   * answered by `fallback` where memory has one, else refused (503, Retry-After); one for want of resources is
   * refused too; any other failure is the read's.
   */
  private reached<T>(call: () => Promise<T>, fallback: () => T | null = () => null): Promise<T> {
    return call().then(
      (answer) => {
        this.answered();
        return answer;
      },
      (error: unknown) => {
        const shortOf = meansDatabaseShort(error);
        if (shortOf !== null) throw short(shortOf);
        if (!meansDatabaseGone(error)) throw error;
        this.lost(error);
        const kept = fallback();
        if (kept !== null) return kept;
        throw unavailable();
      },
    );
  }

  /**
   * The staff desk's records live only in the database: while it is gone they are refused like any such read (503,
   * Retry-After), and an answer from it says the database is back.
   */
  private wrapDesk(desk: StaffDesk): StaffDesk {
    const read =
      <K extends keyof StaffDesk>(name: K) =>
      (...args: Parameters<StaffDesk[K]>): ReturnType<StaffDesk[K]> =>
        this.reached<unknown>(() =>
          (desk[name] as (...given: unknown[]) => Promise<unknown>).apply(desk, args),
        ) as ReturnType<StaffDesk[K]>;
    return {
      writeRefusal: () => desk.writeRefusal(),
      noteRefused: (code) => desk.noteRefused(code),
      checkRoom: () => desk.checkRoom(),
      account: read('account'),
      accounts: read('accounts'),
      addAccount: read('addAccount'),
      resetAccount: read('resetAccount'),
      removeAccount: read('removeAccount'),
      claimSignIn: read('claimSignIn'),
      clearFailures: read('clearFailures'),
      addSession: read('addSession'),
      session: read('session'),
      touchSession: read('touchSession'),
      endSession: read('endSession'),
      endStaleSessions: read('endStaleSessions'),
      audit: read('audit'),
      auditLog: read('auditLog'),
      addUpload: read('addUpload'),
      upload: read('upload'),
      dropUpload: read('dropUpload'),
      dropUploadsBefore: read('dropUploadsBefore'),
      locationPlace: read('locationPlace'),
      addReport: read('addReport'),
      report: read('report'),
      reports: read('reports'),
      decideReport: read('decideReport'),
    };
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
  private seen(meta: DatasetMeta): undefined {
    if (this.lastMeta === null || meta.version >= this.lastMeta.version) this.lastMeta = meta;
    return undefined;
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
