/**
 * Whether the SQLite file a connection has open is still the file at its path. A file removed (or replaced by
 * another) under a running server stays readable through the open connection, and writes into it succeed, but
 * they land in a file nobody will open again: the next start finds the path empty, or another database there.
 * Once noticed, it stays noticed: this connection's file is never the path's again.
 */
import { statSync } from 'node:fs';

export class FileIdentity {
  private readonly opened: { dev: number; ino: number } | null;
  private lost: string | null = null;

  constructor(private readonly file: string | null) {
    this.opened = file === null ? null : identityOf(file);
  }

  /** Why the open file is no longer the one at its path, or null while it is. */
  check(): string | null {
    if (this.lost !== null || this.opened === null || this.file === null) return this.lost;
    const now = identityOf(this.file);
    if (now === null)
      this.lost = `the database file ${this.file} was removed while the server had it open: writes are refused (they would be lost); restore the file and restart the server`;
    else if (now.dev !== this.opened.dev || now.ino !== this.opened.ino)
      this.lost = `the database file ${this.file} was replaced by another while the server had it open: writes are refused (they would go to the old one); restart the server to open the new file`;
    return this.lost;
  }
}

function identityOf(file: string): { dev: number; ino: number } | null {
  try {
    const { dev, ino } = statSync(file);
    return { dev, ino };
  } catch {
    return null;
  }
}
