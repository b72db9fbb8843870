/**
 * The staff desk's records (StaffDesk.ts) in SQL common to SQLite and PostgreSQL, over a connection each store
 * gives: named `@parameters`, every row read before the promise settles, `run` resolving with the rows changed.
 */
import type {
  AuditEntry,
  SignInClaim,
  ReportFilter,
  StaffAccount,
  StaffDesk,
  StaffSession,
  StoredReport,
  StoredUpload,
  WriteRefusal,
} from './StaffDesk';
import type { ReadConnection, SqlParams } from './storeReads';
import { refusingUnwritable, unwritableCode } from './unwritable';

export type DeskParams = SqlParams;

const NOTHING_SAVED = 'nothing was saved';

/** The reads' connection (storeReads.ts), and a write that resolves with the rows it changed. */
export interface DeskConnection extends Pick<ReadConnection, 'rows'> {
  run(sql: string, params?: DeskParams): Promise<number>;
  /** A write that returns rows (UPDATE ... RETURNING). */
  write<T>(sql: string, params?: DeskParams): Promise<T[]>;
  /**
   * A write through a connection of its own, opened as an import opens one, that needs PROBE_ROOM_BYTES on the
   * database's disk: whether the database takes a write an import makes now. Rejects with the database's error
   * when it does not.
   */
  probeWrite(): Promise<void>;
}

/**
 * The room a disk must have free to be taken as writable again after a refusal (StaffDesk.writeRefusal): a few
 * megabytes, more than a report or a sign-in writes. A one-row write alone proves nothing: it fits in pages the
 * database already has, on a full disk too.
 */
export const PROBE_ROOM_BYTES = 4 * 1024 * 1024;

const ACCOUNT = `name, password_hash AS "passwordHash", created_at AS "createdAt", failures, locked_until AS "lockedUntil"`;
/** A report with its location's name, read in the same query ('' once an import has removed the location). */
const REPORT = `r.id, r.guid, r.kind, r.text, r.seen_version AS "seenVersion", r.type_id AS "typeKey",
  r.province_id AS "provinceKey", r.created_at AS "createdAt", r.status, r.note, r.decided_by AS "decidedBy",
  r.decided_at AS "decidedAt", r.changed_in_version AS "changedInVersion", COALESCE(l.name, '') AS "locationName"
  FROM public_report r LEFT JOIN location l ON l.guid = r.guid`;
const UPLOAD = `id, name, file_name AS "fileName", format, options, content, base_version AS "baseVersion", created_at AS "createdAt"`;

/** PostgreSQL's bigint arrives as text. */
const reportOf = (r: StoredReport): StoredReport => ({
  ...r,
  seenVersion: Number(r.seenVersion),
  typeKey: Number(r.typeKey),
  provinceKey: Number(r.provinceKey),
  changedInVersion: r.changedInVersion === null ? null : Number(r.changedInVersion),
});

export class DeskRecords implements StaffDesk {
  private readonly sql: DeskConnection;
  private refusal: WriteRefusal | null = null;
  private probing: Promise<void> | null = null;
  private checking: Promise<void> = Promise.resolve();

  constructor(connection: DeskConnection) {
    // A sign-in, a visitor's report, a decision met by a full disk or a read-only database: refused with the
    // reason (503), not failed as the server's own fault, and remembered until health's probe finds room again.
    // A write taken meanwhile does not end it: on PostgreSQL a one-row write fits in a page the table has on a
    // full disk too, and health said "ok" after a visitor's report while every upload and import was refused.
    const noted = <T>(write: () => Promise<T>): Promise<T> =>
      refusingUnwritable(write, NOTHING_SAVED, (code) => this.noteRefused(code));
    this.sql = {
      rows: connection.rows,
      run: (sql, params) => noted(() => connection.run(sql, params)),
      write: <T>(sql: string, params?: DeskParams) => noted(() => connection.write<T>(sql, params)),
      probeWrite: connection.probeWrite,
    };
  }

  async writeRefusal(): Promise<WriteRefusal | null> {
    // A start's check still under way is waited for: health answers what it finds, not "ok" before it.
    await this.checking;
    if (this.refusal === null) return null;
    // Remembered until health's own write is taken: one at a time however often it is asked, and only while a
    // refusal stands. Any failure (still full, or another) keeps the refusal.
    this.probing ??= this.sql
      .probeWrite()
      .then(
        () => void (this.refusal = null),
        () => undefined,
      )
      .finally(() => (this.probing = null));
    await this.probing;
    return this.refusal;
  }

  noteRefused(code: string): void {
    this.refusal ??= { code, since: new Date().toISOString() };
  }

  checkRoom(): Promise<void> {
    // Before, a PostgreSQL server started on a full disk said "ok" until staff met the refusal of an upload.
    this.checking = this.sql.probeWrite().then(
      () => undefined,
      (error: unknown) => {
        const code = unwritableCode(error);
        if (code !== null) this.noteRefused(code);
      },
    );
    return this.checking;
  }

  async account(name: string): Promise<StaffAccount | null> {
    const [row] = await this.sql.rows<StaffAccount>(`SELECT ${ACCOUNT} FROM staff_account WHERE name = @name`, {
      name,
    });
    return row ? { ...row, failures: Number(row.failures) } : null;
  }

  accounts() {
    return this.sql.rows<Pick<StaffAccount, 'name' | 'createdAt'>>(
      'SELECT name, created_at AS "createdAt" FROM staff_account ORDER BY name',
    );
  }

  async addAccount(name: string, passwordHash: string, at: string): Promise<boolean> {
    const added = await this.sql.run(
      `INSERT INTO staff_account (name, password_hash, created_at) VALUES (@name, @hash, @at)
       ON CONFLICT (name) DO NOTHING`,
      { name, hash: passwordHash, at },
    );
    return added > 0;
  }

  async resetAccount(name: string, passwordHash: string): Promise<boolean> {
    const changed = await this.sql.run(
      `UPDATE staff_account SET password_hash = @hash, failures = 0, locked_until = '' WHERE name = @name`,
      { name, hash: passwordHash },
    );
    await this.sql.run('DELETE FROM staff_session WHERE name = @name', { name });
    return changed > 0;
  }

  async removeAccount(name: string): Promise<boolean> {
    await this.sql.run('DELETE FROM staff_session WHERE name = @name', { name });
    return (await this.sql.run('DELETE FROM staff_account WHERE name = @name', { name })) > 0;
  }

  async claimSignIn(name: string, now: string, locks: readonly string[]): Promise<SignInClaim> {
    // SET reads the row as it was: `failures + 1` is the count this attempt makes. The WHERE is evaluated on the
    // row under the write lock (SQLite's database lock, PostgreSQL's row lock re-checked after a wait), so two
    // attempts at once never both see the account open when only one of them may be.
    const cases = locks.map((_, failures) => `WHEN ${failures} THEN @lock${failures}`).join(' ');
    const params: Record<string, string> = { name, now, lockLast: locks.at(-1) ?? '' };
    locks.forEach((lock, failures) => (params[`lock${failures}`] = lock));
    const [claimed] = await this.sql.write<{ name: string; passwordHash: string }>(
      `UPDATE staff_account SET failures = failures + 1,
         locked_until = CASE failures + 1 ${cases} ELSE @lockLast END
       WHERE name = @name AND (locked_until = '' OR locked_until <= @now)
       RETURNING name, password_hash AS "passwordHash"`,
      params,
    );
    if (claimed) return { kind: 'claimed', ...claimed };
    const account = await this.account(name);
    return account ? { kind: 'locked', lockedUntil: account.lockedUntil } : { kind: 'unknown' };
  }

  async clearFailures(name: string): Promise<void> {
    await this.sql.run(`UPDATE staff_account SET failures = 0, locked_until = '' WHERE name = @name`, { name });
  }

  async addSession(tokenHash: string, name: string, at: string): Promise<void> {
    await this.sql.run(
      'INSERT INTO staff_session (token_hash, name, created_at, seen_at) VALUES (@token, @name, @at, @at)',
      { token: tokenHash, name, at },
    );
  }

  async session(tokenHash: string): Promise<StaffSession | null> {
    const [row] = await this.sql.rows<StaffSession>(
      `SELECT s.name, s.created_at AS "createdAt", s.seen_at AS "seenAt" FROM staff_session s
       JOIN staff_account a ON a.name = s.name WHERE s.token_hash = @token`,
      { token: tokenHash },
    );
    return row ?? null;
  }

  async touchSession(tokenHash: string, at: string): Promise<void> {
    await this.sql.run('UPDATE staff_session SET seen_at = @at WHERE token_hash = @token', { token: tokenHash, at });
  }

  async endSession(tokenHash: string): Promise<void> {
    await this.sql.run('DELETE FROM staff_session WHERE token_hash = @token', { token: tokenHash });
  }

  async endStaleSessions(idleBefore: string, madeBefore: string): Promise<void> {
    await this.sql.run('DELETE FROM staff_session WHERE seen_at < @idle OR created_at < @made', {
      idle: idleBefore,
      made: madeBefore,
    });
  }

  async audit(entry: AuditEntry): Promise<void> {
    await this.sql.run(
      `INSERT INTO staff_audit (at, name, action, detail, dataset_version) VALUES (@at, @name, @action, @detail, @version)`,
      { at: entry.at, name: entry.name, action: entry.action, detail: entry.detail, version: entry.datasetVersion },
    );
  }

  async auditLog(limit: number): Promise<AuditEntry[]> {
    const rows = await this.sql.rows<AuditEntry>(
      `SELECT at, name, action, detail, dataset_version AS "datasetVersion" FROM staff_audit
       ORDER BY at DESC LIMIT @limit`,
      { limit },
    );
    return rows.map((r) => ({ ...r, datasetVersion: Number(r.datasetVersion) }));
  }

  async addUpload(u: StoredUpload): Promise<void> {
    await this.sql.run(
      `INSERT INTO staff_upload (id, name, file_name, format, options, content, base_version, created_at)
       VALUES (@id, @name, @file, @format, @options, @content, @base, @at)`,
      {
        id: u.id,
        name: u.name,
        file: u.fileName,
        format: u.format,
        options: u.options,
        content: u.content,
        base: u.baseVersion,
        at: u.createdAt,
      },
    );
  }

  async upload(id: string): Promise<StoredUpload | null> {
    const [row] = await this.sql.rows<StoredUpload>(`SELECT ${UPLOAD} FROM staff_upload WHERE id = @id`, { id });
    return row ? { ...row, baseVersion: Number(row.baseVersion) } : null;
  }

  async dropUpload(id: string): Promise<boolean> {
    return (await this.sql.run('DELETE FROM staff_upload WHERE id = @id', { id })) > 0;
  }

  async dropUploadsBefore(before: string): Promise<void> {
    await this.sql.run('DELETE FROM staff_upload WHERE created_at < @before', { before });
  }

  async locationPlace(guid: string) {
    const [row] = await this.sql.rows<{ typeKey: number; provinceKey: number; name: string }>(
      'SELECT type_id AS "typeKey", province_id AS "provinceKey", name FROM location WHERE guid = @guid',
      { guid: guid.toUpperCase() },
    );
    return row ? { ...row, typeKey: Number(row.typeKey), provinceKey: Number(row.provinceKey) } : null;
  }

  async addReport(r: StoredReport): Promise<void> {
    await this.sql.run(
      `INSERT INTO public_report (id, guid, kind, text, seen_version, type_id, province_id, created_at)
       VALUES (@id, @guid, @kind, @text, @seen, @type, @province, @at)`,
      {
        id: r.id,
        guid: r.guid,
        kind: r.kind,
        text: r.text,
        seen: r.seenVersion,
        type: r.typeKey,
        province: r.provinceKey,
        at: r.createdAt,
      },
    );
  }

  async report(id: string): Promise<StoredReport | null> {
    const [row] = await this.sql.rows<StoredReport>(`SELECT ${REPORT} WHERE r.id = @id`, { id });
    return row ? reportOf(row) : null;
  }

  async reports(filter: ReportFilter): Promise<StoredReport[]> {
    const rows = await this.sql.rows<StoredReport>(
      `SELECT ${REPORT}
       WHERE (CAST(@type AS INTEGER) IS NULL OR r.type_id = @type)
         AND (CAST(@province AS INTEGER) IS NULL OR r.province_id = @province)
         AND (CAST(@kind AS TEXT) IS NULL OR r.kind = @kind)
         AND (CAST(@status AS TEXT) IS NULL OR r.status = @status)
       ORDER BY r.created_at DESC, r.id LIMIT @limit`,
      {
        type: filter.typeKey,
        province: filter.provinceKey,
        kind: filter.kind,
        status: filter.status,
        limit: filter.limit,
      },
    );
    return rows.map(reportOf);
  }

  async decideReport(
    id: string,
    status: string,
    note: string,
    by: string,
    at: string,
    seen: string | null,
  ): Promise<boolean> {
    // One statement, so two decisions at once cannot both find the report as they saw it ('' is undecided).
    const changed = await this.sql.run(
      `UPDATE public_report SET status = @status, note = @note, decided_by = @by, decided_at = @at
       WHERE id = @id AND decided_at = COALESCE(@seen, '')`,
      { id, status, note, by, at, seen },
    );
    return changed > 0;
  }
}
