/**
 * A write the database cannot take now (its file or folder read-only, its disk full, a read-only PostgreSQL), as
 * against a wrong request: refused with 503, the reason and when to ask again, never a bare 500 (a visitor's
 * correction met a full disk with "internal server error").
 */
import { HttpError } from '../http/errors';

/** SQLite's and the system's codes, and PostgreSQL's read_only_sql_transaction (25006) and disk_full (53100). */
const UNWRITABLE =
  /^(SQLITE_READONLY|SQLITE_CANTOPEN|SQLITE_FULL|SQLITE_IOERR|EACCES|EROFS|EPERM|ENOSPC|25006$|53100$)/;

/** When to ask again: about what freeing space or a failover takes. */
export const UNWRITABLE_RETRY_S = 30;

/**
 * The refusal keeps the database's code: handed on from a worker (an import's, whose desk writes claim and put back
 * its upload) it is known again there as the database's refusal, not taken for the server's own fault (a 500).
 */
class UnwritableRefusal extends HttpError {
  constructor(
    readonly databaseCode: string,
    outcome: string,
  ) {
    super(
      503,
      'database_unwritable',
      `the database cannot be written now (${databaseCode}): its file or folder is read-only or its disk is full; ${outcome}`,
      UNWRITABLE_RETRY_S,
    );
  }
}

/** The error's code when it means the database cannot be written now (a refusal's too), else null. */
export function unwritableCode(error: unknown): string | null {
  if (error instanceof UnwritableRefusal) return error.databaseCode;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNWRITABLE.test(code) ? code : null;
}

/** The refusal of a write the database could not take (`code`), saying what came of it (`outcome`). */
export function unwritableRefusal(code: string, outcome: string): HttpError {
  return new UnwritableRefusal(code, outcome);
}

/**
 * Runs `write`, with a failure that means the database cannot be written now turned into its refusal; `refused`
 * is told its code first.
 */
export async function refusingUnwritable<R>(
  write: () => Promise<R>,
  outcome: string,
  refused: (code: string) => void = () => {},
): Promise<R> {
  try {
    return await write();
  } catch (error) {
    const code = unwritableCode(error);
    if (code === null) throw error;
    refused(code);
    throw unwritableRefusal(code, outcome);
  }
}
