/** MAKAN_DB and --db: a file path or a PostgreSQL URL; any other URL is refused before anything is opened. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandDbSpec, parseDbSpec, redactUrl, specLabel } from '../../server/store/dbSpec';
import { StartupError } from '../../server/startupError';

describe('parseDbSpec', () => {
  it.each([
    'postgres://postgres@127.0.0.1:46801/makan',
    'postgresql://makan:s3cret@db.internal:5432/makan',
    'postgres://makan:s3cret@10.0.0.5/makan?sslmode=require&application_name=makan',
    'POSTGRES://makan@localhost/makan',
    'postgres:///makan?host=/var/run/postgresql',
  ])('%s is PostgreSQL, passed on as written', (url) => {
    expect(parseDbSpec(url)).toEqual({ kind: 'postgres', url });
  });

  it.each(['data/makan.db', './x.db', '/tmp/makan.db', 'C.db', 'postgres.db', 'my postgres://file'])(
    '%s is a SQLite file, resolved',
    (path) => {
      expect(parseDbSpec(path)).toEqual({ kind: 'sqlite', file: resolve(path) });
    },
  );

  it.each([
    'mysql://root@localhost/makan',
    'file:///tmp/makan.db',
    'postgress://u@h/db',
    'sqlite://makan.db',
    'http://example.org/db',
  ])('%s is refused with what to write instead', (url) => {
    expect(() => parseDbSpec(url, '--db')).toThrow(StartupError);
    expect(() => parseDbSpec(url, '--db')).toThrow(
      /^--db=".*" is a .*:\/\/ URL, which Makan cannot use: give a SQLite file path .* or a postgres:\/\/ URL$/,
    );
  });

  it('never repeats a password in a refusal', () => {
    expect(() => parseDbSpec('mysql://root:hunter2@localhost/makan')).toThrow(/root:\*\*\*@localhost/);
    expect(() => parseDbSpec('mysql://root:hunter2@localhost/makan')).not.toThrow(/hunter2/);
  });

  it('refuses an empty value and a PostgreSQL URL that cannot be parsed', () => {
    expect(() => parseDbSpec('  ')).toThrow(/MAKAN_DB is empty/);
    expect(() => parseDbSpec('postgres://u@[bad/makan')).toThrow(/not a valid postgres:\/\/ URL/);
  });

  it('labels keep no password', () => {
    expect(redactUrl('postgres://makan:s3cret@h:5432/db?sslmode=require')).toBe(
      'postgres://makan:***@h:5432/db?sslmode=require',
    );
    expect(specLabel(parseDbSpec('postgres://makan@h/db'))).toBe('postgres://makan@h/db');
  });
});

describe('commandDbSpec', () => {
  it('takes --db first, then MAKAN_DB, then the default file', () => {
    expect(commandDbSpec('a.db', { MAKAN_DB: 'b.db' })).toEqual({ kind: 'sqlite', file: resolve('a.db') });
    expect(commandDbSpec(undefined, { MAKAN_DB: 'postgres://u@h/db' })).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
    });
    expect(commandDbSpec(undefined, { MAKAN_DB: '' })).toEqual({ kind: 'sqlite', file: resolve('data/makan.db') });
    expect(() => commandDbSpec('mongodb://h/db', {})).toThrow(/^--db=/);
    expect(() => commandDbSpec(undefined, { MAKAN_DB: 'mongodb://h/db' })).toThrow(/^MAKAN_DB=/);
  });
});
