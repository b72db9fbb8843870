/**
 * The staff desk attacked and faulted over real HTTP, on both stores: guesses sent at once, refusals that must
 * leave their audit row, cells a spreadsheet would run, files in the wrong encoding, an upload large enough to
 * hold a process, the database file removed or made unwritable under a running server. Named after the OWASP
 * ASVS 5.0 requirements they meet where one fits.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditAnswer, UploadPreview } from '../../domain/wire/desk';
import type { Health } from '../../domain/wire/answers';
import { typeByRoute } from '../../domain/locationTypes';
import { FREE_FAILURES } from '../../server/desk/staffSessions';
import { HttpError } from '../../server/http/errors';
import { openStore } from '../../server/store/openStore';
import { CookieClient, runStaffCommand } from '../support/staffClient';
import { windows1256 } from '../support/windows1256';
import { excelWorkbook } from '../support/spreadsheetFiles';
import { startTestServer, storedRecords, STORE_KINDS, type TestServer } from '../support/testServer';
import { builtScript } from '../support/serverProcess';

const PASSWORD = 'a long enough passphrase';
type Row = Record<string, string>;

const rowsOf = (csv: string) => parse(csv.replace(/^\uFEFF/, ''), { columns: true }) as Row[];
const csvOf = (rows: Row[]) => stringify(rows, { header: true, columns: Object.keys(rows[0]!) });

/** `npm run import -- ARGS` as staff run it, from the run's server build (tests/support/serverProcess.ts). */
function runImportCommand(args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtScript('import'), ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stderr }));
  });
}

describe.each(STORE_KINDS)('the staff desk under attack and fault (%s store)', (kind) => {
  let server: TestServer;
  let staff: CookieClient;
  let centres: Row[];
  const dir = mkdtempSync(join(tmpdir(), 'makan-attack-'));
  /** A client at this address, as the trusted proxy in front says. */
  const from = (address: string) => new CookieClient(server.baseUrl, { 'x-forwarded-for': address });
  const addStaff = async (name: string) => {
    const run = await runStaffCommand(['add', name, '--db', server.dbFile], `${PASSWORD}\n`);
    expect(run.code, run.stderr).toBe(0);
  };
  const audit = async () =>
    ((await (await staff.request('/api/staff/audit')).json()) as AuditAnswer).filter(
      (e) => e.Action === 'session.refused',
    );
  const preview = async (name: string, body: BodyInit, query = '') => {
    const answer = await staff.upload(name, body, query);
    expect(answer.status, await answer.clone().text()).toBe(200);
    return (await answer.json()) as UploadPreview;
  };
  const apply = async (id: string) => {
    const answer = await staff.request(`/api/staff/uploads/${id}/apply`, { method: 'POST' });
    expect(answer.status, await answer.clone().text()).toBe(200);
  };

  beforeAll(async () => {
    // Behind a proxy at 127.0.0.1: each guesser below is a client of its own. Twelve sign-ins per client.
    server = await startTestServer({
      store: kind,
      points: 800,
      trustProxy: ['127.0.0.1'],
      deskLimits: { signIns: 12, reports: 1_000 },
    });
    await addStaff('maryam');
    staff = from('198.51.100.1');
    expect((await staff.signIn('maryam', PASSWORD)).status).toBe(204);
    centres = rowsOf(await (await fetch(`${server.baseUrl}/api/downloads/latest/locations.csv?type=Centers`)).text());
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('V6.3.1 the account lock holds against guesses sent at once', () => {
    it('twelve wrong passwords at once from twelve addresses: three are checked, nine refused as locked', async () => {
      await addStaff('target');
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => from(`203.0.113.${i + 1}`).signIn('target', 'wrong password here')),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 401)).toHaveLength(FREE_FAILURES);
      expect(statuses.filter((s) => s === 429)).toHaveLength(12 - FREE_FAILURES);
      expect((await server.store.desk.account('target'))!.failures).toBe(FREE_FAILURES);
      // Locked against the right password too.
      expect((await from('203.0.113.50').signIn('target', PASSWORD)).status).toBe(429);
    });

    it('ten at once from one address: three are checked', async () => {
      await addStaff('target2');
      const one = from('203.0.113.60');
      const answers = await Promise.all(Array.from({ length: 10 }, () => one.signIn('target2', 'wrong password here')));
      expect(answers.filter((a) => a.status === 401)).toHaveLength(FREE_FAILURES);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(10 - FREE_FAILURES);
    });

    it('V16.3.1 every refused sign-in leaves an audit row: wrong, locked, over the client limit', async () => {
      const refused = await audit();
      const of = (name: string, why: RegExp) => refused.filter((e) => e.Name === name && why.test(e.Detail));
      expect(of('target', /^from 203\.0\.113\.\d+$/)).toHaveLength(FREE_FAILURES);
      expect(of('target', /\(account locked\)$/)).toHaveLength(12 - FREE_FAILURES + 1);
      const flooder = from('203.0.113.70');
      const statuses: number[] = [];
      for (let i = 0; i <= 12; i++) statuses.push((await flooder.signIn(`nobody${i}`, 'wrong password here')).status);
      expect(statuses[12]).toBe(429);
      expect(
        (await audit()).filter((e) => e.Name === 'nobody12' && /over the client limit/.test(e.Detail)),
      ).toHaveLength(1);
    });
  });

  describe('V1.2.10 CSV injection', () => {
    const formulas = ['=HYPERLINK("http://evil.example","x")', "-2+3+cmd|' /C calc'!A0", '+1+1', '@SUM(A1:A9)'];

    it('names a spreadsheet would run come out neutralised in every CSV; the import keeps them as sent', async () => {
      const rows = centres
        .slice(0, formulas.length)
        .map((row, i): Row => ({ ...row, NameMakanAmoozeshi: formulas[i]! }));
      await apply((await preview('formulas.csv', csvOf(rows))).Id);
      const stored = await storedRecords(server, null);
      for (const [i, row] of rows.entries()) expect(stored.find((r) => r.guid === row['Guid'])!.name).toBe(formulas[i]);

      const download = rowsOf(
        await (await fetch(`${server.baseUrl}/api/downloads/latest/locations.csv?type=Centers`)).text(),
      );
      const area = rowsOf(
        await (
          await fetch(`${server.baseUrl}/api/area/${typeByRoute('Centers')!.typeId}?format=csv`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
            body: JSON.stringify({
              Polygon: [
                [43, 24],
                [64, 24],
                [64, 40],
                [43, 40],
              ],
            }),
          })
        ).text(),
      );
      for (const [i, row] of rows.entries()) {
        expect(download.find((r) => r['Guid'] === row['Guid'])!['NameMakanAmoozeshi']).toBe(`'${formulas[i]}`);
        expect(area.find((r) => r['Guid'] === row['Guid'])!['NameMakanAmoozeshi']).toBe(`'${formulas[i]}`);
      }
      // A number stays a number, negative or not; a plain name is left alone.
      const plain = download.find((r) => r['Guid'] === centres[10]!['Guid'])!;
      expect(plain['NameMakanAmoozeshi']).toBe(centres[10]!['NameMakanAmoozeshi']);
      expect(Number(plain['Lat'])).toBeGreaterThan(20);
    });
  });

  describe('V2.2.1 a file in the wrong encoding', () => {
    const persian = ['مرکز آموزش فنی کرج', 'آموزشگاه گلدوزی پیروز', 'کارگاه چرم ژیان'];
    const edited = () => centres.slice(0, 3).map((row, i): Row => ({ ...row, NameMakanAmoozeshi: persian[i]! }));

    it('a Windows-1256 CSV is refused with its line and the reason, and converted only when the staff say so', async () => {
      const bytes = windows1256(csvOf(edited()));
      const refused = await preview('excel.csv', bytes);
      expect(refused.Convertible).toBe(true);
      expect(refused.Blocked).not.toBeNull();
      expect(refused.Problems).toEqual([
        expect.objectContaining({
          Where: 'line 2',
          Field: '(encoding)',
          Message: expect.stringMatching(/Windows-1256/),
        }),
      ]);
      expect((await staff.request(`/api/staff/uploads/${refused.Id}/apply`, { method: 'POST' })).status).toBe(422);
      // Kept without its text: no replacement character from the file is stored, not even with the preview.
      expect((await server.store.desk.upload(refused.Id))!.content).not.toContain('\uFFFD');

      const converted = await preview('excel.csv', bytes, '&encoding=windows-1256');
      expect(converted.Encoding).toBe('windows-1256');
      expect(converted.Problems).toEqual([]);
      expect(converted.Summary.Updated).toBe(3);
      await apply(converted.Id);
      const stored = await storedRecords(server, null);
      for (const row of edited()) {
        const name = stored.find((r) => r.guid === row['Guid'])!.name;
        expect(name).not.toContain('\uFFFD');
        // Stored in the house's letters: the Arabic yeh Windows-1256 has is read as the Persian one.
        expect(name).toBe(row['NameMakanAmoozeshi']);
      }
    });

    it('a replacement character already in a file is refused, never stored', async () => {
      const rows = centres.slice(5, 6).map((row): Row => ({ ...row, NameMakanAmoozeshi: 'مرکز \uFFFD\uFFFD' }));
      const refused = await preview('damaged.csv', csvOf(rows));
      expect(refused.Convertible).toBe(false);
      expect(refused.Problems).toEqual([
        expect.objectContaining({ Where: 'line 2', Field: '(encoding)', Message: expect.stringMatching(/\uFFFD/) }),
      ]);
    });

    it('npm run import refuses it with the reason and reads it with --encoding windows-1256', async () => {
      const file = join(dir, 'excel.csv');
      writeFileSync(file, windows1256(csvOf(edited())));
      const refused = await runImportCommand([file, '--db', server.dbFile, '--dry-run']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/line 2: \(encoding\): the file is not UTF-8: it reads as Windows-1256/);
      const read = await runImportCommand([file, '--db', server.dbFile, '--dry-run', '--encoding', 'windows-1256']);
      expect(read.code, read.stderr).toBe(0);
    });

    it('npm run import says what to do with a workbook, whether named so or renamed as a CSV', async () => {
      const book = join(dir, 'locations.csv');
      writeFileSync(book, excelWorkbook());
      const renamed = await runImportCommand([book, '--db', server.dbFile, '--dry-run']);
      expect(renamed.code).toBe(1);
      expect(renamed.stderr).toMatch(
        /locations\.csv: this is an Excel workbook \(\.xlsx\).*save the sheet as "CSV UTF-8"/,
      );
      const named = await runImportCommand([join(dir, 'locations.xlsx'), '--db', server.dbFile, '--dry-run']);
      expect(named.code).toBe(1);
      expect(named.stderr).toMatch(/locations\.xlsx: this is an Excel workbook \(\.xlsx\)/);
    });
  });

  describe('a database that cannot be written', () => {
    /** Makes the database refuse writes (an immutable file and folder; a read-only PostgreSQL database), then not. */
    const unwritable = async (on: boolean) => {
      if (kind === 'sqlite') {
        const flag = on ? '+i' : '-i';
        const run = spawnSync('chattr', [flag, server.dbFile, dirname(server.dbFile)]);
        expect(run.status, run.stderr.toString()).toBe(0);
        return;
      }
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: server.dbFile });
      await client.connect();
      try {
        const name = new URL(server.dbFile).pathname.slice(1);
        // This session writes whatever the database's default, so that it can also set it back.
        await client.query('SET default_transaction_read_only = off');
        await client.query(
          `ALTER DATABASE ${name} ${on ? 'SET default_transaction_read_only = on' : 'RESET default_transaction_read_only'}`,
        );
      } finally {
        await client.end();
      }
    };

    const health = async () => (await (await fetch(`${server.baseUrl}/api/health`)).json()) as Health;

    it('an upload answers 503 with the reason, not a bare 500, and works again once it can be written', async () => {
      const file = csvOf(centres.slice(0, 2));
      await unwritable(true);
      try {
        const refused = await staff.upload('centres.csv', file);
        expect(refused.status).toBe(503);
        expect((await refused.json()) as { error: string; message: string }).toEqual({
          error: 'database_unwritable',
          message: expect.stringMatching(/cannot be written now/),
        });
        // Health says so, as it does when a desk write is refused: the import's write was its worker's, not the desk's.
        expect(await health()).toMatchObject({
          database: 'unwritable',
          problem: expect.stringMatching(/was refused \((SQLITE_READONLY|25006)\)/),
        });
        // Asked again, many at once, it tries a write of its own (one), as an import makes one, and still says so.
        // (Their pooled PostgreSQL sessions keep the read-only default after the reset: the writes below are taken
        // all the same, asked again on a session of their own.)
        for (const said of await Promise.all(Array.from({ length: 20 }, health)))
          expect(said).toMatchObject({ database: 'unwritable' });
      } finally {
        await unwritable(false);
      }
      // Once the database can be written, health says so before any write is taken, to every ask at once (the
      // refusal stands until the first of their probes is taken: the others wait for it).
      for (const said of await Promise.all(Array.from({ length: 20 }, health)))
        expect(said).toMatchObject({ database: 'ok' });
      expect((await staff.upload('centres.csv', file)).status).toBe(200);
      expect(await health()).toMatchObject({ database: 'ok' });
    });

    it('once it can be written again, every write is taken at its first ask, though sessions opened meanwhile were read-only', async () => {
      const waiting = await preview('later.csv', csvOf(centres.slice(2, 4)));
      await unwritable(true);
      try {
        // Asks at once open pooled sessions: on PostgreSQL each keeps the read-only default it began with.
        await Promise.all(Array.from({ length: 20 }, health));
        const refused = await staff.request(`/api/staff/uploads/${waiting.Id}/apply`, { method: 'POST' });
        expect(refused.status, await refused.clone().text()).toBe(503);
      } finally {
        await unwritable(false);
      }
      const reports = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          from(`203.0.113.${i + 1}`)
            .json('/api/reports', { Guid: centres[1]!['Guid'], Kind: 'closed', Text: `after ${i}` })
            .then((r) => r.status),
        ),
      );
      expect(reports).toEqual(Array.from({ length: 12 }, () => 201));
      // The import refused above is taken at once too (its worker's session was dropped, not kept).
      await apply(waiting.Id);
      expect(await health()).toMatchObject({ database: 'ok' });
    });

    it('a desk write (a report, a sign-in) on a database that cannot take it is refused with 503, not a bare 500', async () => {
      // The server's own connections were opened writable (and SQLite's log stays writable): a store opened now
      // meets the refusal as a server meets a full disk or a read-only database (fullDisk.test.ts, over HTTP).
      await unwritable(true);
      try {
        const { store } = await openStore(server.dbFile);
        try {
          const refused = await store.desk.addAccount('someone', 'hash', new Date().toISOString()).then(
            () => null,
            (error: unknown) => error,
          );
          expect(refused).toBeInstanceOf(HttpError);
          expect(refused).toMatchObject({ statusCode: 503, code: 'database_unwritable', retryAfterS: 30 });
          expect((refused as Error).message).toMatch(/cannot be written now \((SQLITE_READONLY|25006)\)/);
        } finally {
          store.close();
        }
      } finally {
        await unwritable(false);
      }
    });
  });

  describe('an upload being checked holds no request', () => {
    // 20,000 new locations read, checked with the quality report and staged: 6 to 14 s in earlier fresh-clone runs,
    // past 30 s in one on a slow hour. What it asserts is relative (the longest wait against the upload's time).
    it(
      'the health probe and visitors’ reports keep being answered while a large GeoJSON file is read, checked and staged',
      { timeout: 120_000 },
      async () => {
        // Copies of the centres, each a new location a little apart from its model, with no phone (copies of one
        // number would all be each other's duplicates).
        const features = Array.from({ length: 20_000 }, (_, i) => {
          const { Lat, Long, ...properties } = centres[i % centres.length]!;
          const apart = ((i * 7_919) % 1_000) / 40_000;
          return {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [Number(Long) + apart, Number(Lat) - apart] },
            properties: {
              ...properties,
              Guid: randomUUID(),
              NameMakanAmoozeshi: `مرکز ${i}`,
              PhoneNumber: '',
              Fax: '',
            },
          };
        });
        const body = JSON.stringify({ type: 'FeatureCollection', features });
        const answered: number[] = [];
        const reports: Promise<number>[] = [];
        let uploading = true;
        // A health probe every 20 ms, and a visitor's report every 100 ms: a write that meets the import's write
        // lock (SQLite) must wait without holding the process.
        const probing = (async () => {
          for (let i = 0; uploading; i++) {
            const started = performance.now();
            if (i % 5 === 0)
              reports.push(
                from(`192.0.2.${(i % 200) + 1}`)
                  .json('/api/reports', { Guid: centres[0]!['Guid'], Kind: 'closed', Text: `closed ${i}` })
                  .then((r) => r.status),
              );
            await (await fetch(`${server.baseUrl}/api/health`)).arrayBuffer();
            answered.push(performance.now());
            await new Promise((r) => setTimeout(r, Math.max(0, 20 - (performance.now() - started))));
          }
        })();
        const began = performance.now();
        const answer = await staff.upload('big.geojson', body);
        const ended = performance.now();
        uploading = false;
        await probing;
        expect(new Set(await Promise.all(reports))).toEqual(new Set([201]));
        expect(answer.status, await answer.clone().text()).toBe(200);
        expect(((await answer.json()) as UploadPreview).Summary.Inserted).toBe(20_000);
        // The longest the server went without answering, against the upload's whole time: a held event loop
        // leaves one gap nearly as long as the checking.
        const during = [began, ...answered.filter((t) => t > began && t < ended), ended];
        const longest = Math.max(...during.slice(1).map((t, i) => t - during[i]!));
        expect(during.length).toBeGreaterThan(4);
        expect(longest).toBeLessThan((ended - began) / 2);
      },
    );
  });
});

describe('a database file removed under a running server (SQLite: a PostgreSQL server has no file to lose)', () => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({
      points: 400,
      logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
    });
    const run = await runStaffCommand(['add', 'maryam', '--db', server.dbFile], `${PASSWORD}\n`);
    expect(run.code, run.stderr).toBe(0);
  });
  afterAll(() => server.stop());

  it('V16.5.3 fails closed: writes refused with 503 and the reason, reads go on, health says so, logged once', async () => {
    const staff = new CookieClient(server.baseUrl);
    expect((await staff.signIn('maryam', PASSWORD)).status).toBe(204);
    const guid = (await storedRecords(server, null))[0]!.guid;
    unlinkSync(server.dbFile);

    const report = await new CookieClient(server.baseUrl).json('/api/reports', {
      Guid: guid,
      Kind: 'closed',
      Text: 'closed for good',
    });
    expect(report.status).toBe(503);
    expect(await report.json()).toEqual({ error: 'database_lost', message: expect.stringMatching(/was removed/) });
    expect((await new CookieClient(server.baseUrl).signIn('maryam', PASSWORD)).status).toBe(503);
    const upload = await staff.upload('x.csv', 'Guid,Type,NameMakanAmoozeshi,Lat,Long\n');
    expect(upload.status).toBe(503);
    expect(((await upload.json()) as { error: string }).error).toBe('database_lost');
    expect((await fetch(`${server.baseUrl}/api/meta`)).status).toBe(200);

    const health = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as Health;
    expect(health.database).toBe('lost');
    expect(health.problem).toMatch(/was removed/);
    const logged = () => lines.filter((l) => l.includes('was removed while the server had it open'));
    await expect.poll(() => logged().length, { timeout: 10_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 2_500));
    expect(logged()).toHaveLength(1);
  });
});
