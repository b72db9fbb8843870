/**
 * What MAKAN_DB and every `--db` may name: a SQLite file path (the embedded default) or a PostgreSQL URL
 * (`postgres://` or `postgresql://`, with or without a password, with query parameters such as `sslmode`).
 * Anything else that looks like a URL (`mysql://…`, `file://…`, `postgress://…`) is refused before anything
 * is opened or created: read as a path it would quietly become a SQLite file with a strange name.
 */
import { resolve } from 'node:path';
import { StartupError } from '../startupError';

export type DbSpec = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** The default database of `npm start`, `npm run import` and `npm run export`. */
export const DEFAULT_DB = 'data/makan.db';

const POSTGRES_URL = /^postgres(?:ql)?:\/\//i;
/** A URL scheme (RFC 3986: a letter, then letters, digits, + - .) followed by `://`. */
const ANY_URL = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * `source` names where the text came from (`MAKAN_DB`, `--db`), so the refusal says what to change.
 * A path is resolved against the working folder, as a shell user means it.
 */
export function parseDbSpec(raw: string, source = 'MAKAN_DB'): DbSpec {
  const text = raw.trim();
  if (text === '') throw new StartupError(`${source} is empty: give a SQLite file path or a postgres:// URL`);
  if (POSTGRES_URL.test(text)) {
    // node-postgres reads it with the WHATWG URL parser: what that cannot parse, it cannot connect to.
    if (!URL.canParse(text)) {
      throw new StartupError(
        `${source} is not a valid postgres:// URL: write it as postgres://user:password@host:5432/database`,
      );
    }
    return { kind: 'postgres', url: text };
  }
  if (ANY_URL.test(text)) {
    const scheme = text.slice(0, text.indexOf(':'));
    throw new StartupError(
      `${source}="${redactUrl(text)}" is a ${scheme}:// URL, which Makan cannot use: give a SQLite file path (such as ${DEFAULT_DB}) or a postgres:// URL`,
    );
  }
  return { kind: 'sqlite', file: resolve(text) };
}

/** The database a command works on: its `--db` if given, else MAKAN_DB, else the default file. */
export function commandDbSpec(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): DbSpec {
  if (flag !== undefined) return parseDbSpec(flag, '--db');
  return parseDbSpec(env['MAKAN_DB'] || DEFAULT_DB, 'MAKAN_DB');
}

/** What to pass on to another process or print: the resolved file, or the URL as given. */
export function specText(spec: DbSpec): string {
  return spec.kind === 'sqlite' ? spec.file : spec.url;
}

/** The URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)[^@/]*@/i, '$1***@');
}

/** Where to say the data is, with no password: the file, or the URL redacted. */
export function specLabel(spec: DbSpec): string {
  return spec.kind === 'sqlite' ? spec.file : redactUrl(spec.url);
}
