/**
 * What the staff's side needs from the database (server/desk/ decides; this only keeps): accounts, sessions, the
 * audit log, uploads awaiting apply and the public's reports. Written once over both stores (deskRecords.ts).
 */
export interface StaffAccount {
  name: string;
  passwordHash: string;
  createdAt: string;
  /** Failed sign-ins since the last success. */
  failures: number;
  /** ISO time before which sign-in is refused ('' when not locked). */
  lockedUntil: string;
}

export type SignInClaim =
  | { readonly kind: 'claimed'; readonly name: string; readonly passwordHash: string }
  | { readonly kind: 'locked'; readonly lockedUntil: string }
  | { readonly kind: 'unknown' };

export interface StaffSession {
  name: string;
  createdAt: string;
  seenAt: string;
}

export interface AuditEntry {
  at: string;
  name: string;
  action: string;
  detail: string;
  datasetVersion: number;
}

export interface StoredUpload {
  id: string;
  name: string;
  fileName: string;
  format: string;
  /** How it is to be applied (JSON: prune, skipInvalid), as the preview was made. */
  options: string;
  content: string;
  baseVersion: number;
  createdAt: string;
}

export interface StoredReport {
  id: string;
  guid: string;
  kind: string;
  text: string;
  seenVersion: number;
  typeKey: number;
  provinceKey: number;
  createdAt: string;
  status: string;
  note: string;
  decidedBy: string;
  decidedAt: string;
  changedInVersion: number | null;
  /** The location's name now, read with the report ('' once an import has removed it; not stored). */
  locationName: string;
}

export interface ReportFilter {
  typeKey: number | null;
  provinceKey: number | null;
  kind: string | null;
  status: string | null;
  limit: number;
}

/** Writes the database has refused since `since` (a full disk, a read-only database): none taken after. */
export interface WriteRefusal {
  code: string;
  since: string;
}

export interface StaffDesk {
  /**
   * The refusal the last write met, until a write is taken again (health says it: healthRoutes.ts); while one
   * stands, asking tries a write of its own, so the refusal ends once the database can be written, staff or not.
   * Asked while the start's `checkRoom` is under way, it answers once that has ended.
   */
  writeRefusal(): Promise<WriteRefusal | null>;
  /**
   * A write made beside the desk was refused (`code`): the console's imports, which write in their own worker. Kept
   * as the desk's own refusals are, so health does not say "ok" while every import is refused.
   */
  noteRefused(code: string): void;
  /**
   * Tries health's write now, once (a server's start): a database that cannot take it is said to be so from the
   * start, not from the first write it refuses. Any other failure is left to the reads and writes that meet it.
   */
  checkRoom(): Promise<void>;
  account(name: string): Promise<StaffAccount | null>;
  accounts(): Promise<Pick<StaffAccount, 'name' | 'createdAt'>[]>;
  /** Adds an account; false when the name is taken. */
  addAccount(name: string, passwordHash: string, at: string): Promise<boolean>;
  /** A new password, failures cleared, every session of the account ended; false for an unknown name. */
  resetAccount(name: string, passwordHash: string): Promise<boolean>;
  /** The account and its sessions gone; false for an unknown name. */
  removeAccount(name: string): Promise<boolean>;
  /**
   * One sign-in attempt, counted as a failure before its password is checked, in one atomic statement: refused
   * (`locked`) while the account is locked at `now`, else its failures go up by one and `locks[failures]` (the
   * last entry beyond the table's end) becomes its lock. Guesses sent at once are thus each counted and decided
   * in turn, across processes and machines. `unknown` for a name with no account.
   */
  claimSignIn(name: string, now: string, locks: readonly string[]): Promise<SignInClaim>;
  clearFailures(name: string): Promise<void>;

  addSession(tokenHash: string, name: string, at: string): Promise<void>;
  session(tokenHash: string): Promise<StaffSession | null>;
  touchSession(tokenHash: string, at: string): Promise<void>;
  endSession(tokenHash: string): Promise<void>;
  /** Sessions idle since before `idleBefore` or made before `madeBefore` are removed (they would be refused anyway). */
  endStaleSessions(idleBefore: string, madeBefore: string): Promise<void>;

  audit(entry: AuditEntry): Promise<void>;
  auditLog(limit: number): Promise<AuditEntry[]>;

  addUpload(upload: StoredUpload): Promise<void>;
  upload(id: string): Promise<StoredUpload | null>;
  dropUpload(id: string): Promise<boolean>;
  /** Uploads made before `before` (never applied nor discarded) are dropped. */
  dropUploadsBefore(before: string): Promise<void>;

  /** A location's type, province (store keys) and name, read for a report (null for an unknown Guid). */
  locationPlace(guid: string): Promise<{ typeKey: number; provinceKey: number; name: string } | null>;
  addReport(report: StoredReport): Promise<void>;
  report(id: string): Promise<StoredReport | null>;
  reports(filter: ReportFilter): Promise<StoredReport[]>;
  /**
   * Decides a report still as the member saw it (`seen`: its decided_at then, or null); false where there is no
   * such report or another decision came first.
   */
  decideReport(id: string, status: string, note: string, by: string, at: string, seen: string | null): Promise<boolean>;
}
