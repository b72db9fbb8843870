/**
 * The staff's side over real HTTP, on both stores. Tests are named after the OWASP ASVS 5.0 level-2 requirements
 * they cover (V6 authentication, V7 session management, V8 authorization, V5 file handling, V2 validation and
 * business logic, V3.5 browser origin separation).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetMeta } from '../../domain/gateway';
import type {
  Applied,
  AuditAnswer,
  FiledReport,
  ReportStatusAnswer,
  StaffReport,
  UploadPreview,
} from '../../domain/wire/desk';
import { IDLE_MS } from '../../server/desk/staffSessions';
import { UPLOAD_MAX_BYTES } from '../../server/desk/uploads';
import { DEFAULT_DESK_LIMITS } from '../../server/desk/deskLimits';
import { runImport } from '../../server/importer/runImport';
import { openStore } from '../../server/store/openStore';
import { EXCEL_DROPPED_ZERO, plantDefects, type PlantedFile } from '../support/plantedDefects';
import { CookieClient, runStaffCommand } from '../support/staffClient';
import { windows1256 } from '../support/windows1256';
import { excel97Workbook, excelWorkbook, openDocumentSheet, otherWorkbook, zipOf } from '../support/spreadsheetFiles';
import { startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';

const PASSWORD = 'a long enough passphrase';

/** A CSV file with some of its rows changed. */
function editCsv(csv: string, edit: (rows: Record<string, string>[]) => void): string {
  const rows = parse(csv, { columns: true }) as Record<string, string>[];
  edit(rows);
  return stringify(rows, { header: true, columns: Object.keys(rows[0]!) });
}

/** An upload's headers alone, claiming `length` bytes: what the server answers before any body arrives. */
function headersOnly(baseUrl: string, staff: CookieClient, length: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const cookie = [...staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const request = httpRequest(`${baseUrl}/api/staff/uploads?name=big.csv`, {
      method: 'POST',
      headers: {
        'content-type': 'application/octet-stream',
        'content-length': String(length),
        cookie,
        'x-xsrf-token': staff.cookies.get('XSRF-TOKEN') ?? '',
      },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (d: Buffer) => (body += d.toString()));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    request.on('error', reject);
    request.flushHeaders();
  });
}
const UNAUTHENTICATED = { error: 'unauthenticated', message: 'sign in as staff first' };

describe.each(STORE_KINDS)('the staff desk (%s store)', (kind) => {
  let server: TestServer;
  let staff: CookieClient;
  let planted: PlantedFile;
  const client = () => new CookieClient(server.baseUrl);
  const meta = async () => (await (await fetch(`${server.baseUrl}/api/meta`)).json()) as DatasetMeta;
  const addStaff = async (name: string, password = PASSWORD) => {
    const run = await runStaffCommand(['add', name, '--db', server.dbFile], `${password}\n`);
    expect(run.code, run.stderr).toBe(0);
  };
  const signedIn = async (name: string) => {
    const c = client();
    expect((await c.signIn(name, PASSWORD)).status).toBe(204);
    return c;
  };
  /** Runs SQL on the server's database (to age a session, as time would). */
  const sql = async (text: string, params: (string | number)[]) => {
    if (server.db) server.db.prepare(text.replace(/\$\d/g, '?')).run(...params);
    else {
      const pg = (await import('pg')).default;
      const c = new pg.Client({ connectionString: server.dbFile });
      await c.connect();
      await c.query(text, params);
      await c.end();
    }
  };

  beforeAll(async () => {
    // The per-client limits are tested on a server of their own (below): here many sign-ins and reports pass.
    server = await startTestServer({ store: kind, points: 800, deskLimits: { signIns: 1_000, reports: 1_000 } });
    await addStaff('maryam');
    staff = await signedIn('maryam');
    const exported = await (await fetch(`${server.baseUrl}/api/downloads/latest/locations.csv?type=Centers`)).text();
    planted = plantDefects(exported);
  });
  afterAll(() => server.stop());

  describe('V6 authentication', () => {
    it('V6.2.1 the CLI refuses a short password and reads it from standard input, never an argument', async () => {
      const short = await runStaffCommand(['add', 'shorty', '--db', server.dbFile], 'short\n');
      expect(short.code).toBe(1);
      expect(short.stderr).toMatch(/at least 12 characters/);
      const listed = await runStaffCommand(['list', '--db', server.dbFile], '');
      expect(listed.stdout).toMatch(/^maryam\t/m);
      expect(listed.stdout).not.toMatch(/shorty/);
    });

    it('V6.5.x passwords are kept as salted scrypt hashes, never as given', async () => {
      const account = await server.store.desk.account('maryam');
      expect(account!.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(account!.passwordHash).not.toContain(PASSWORD);
    });

    it('V6.3.1 an unknown name and a wrong password get the same answer', async () => {
      const unknown = await client().signIn('nobody', PASSWORD);
      const wrong = await client().signIn('maryam', 'not the password at all');
      expect(unknown.status).toBe(401);
      expect(wrong.status).toBe(401);
      expect(await unknown.json()).toEqual(await wrong.json());
      await server.store.desk.clearFailures('maryam');
    });

    it('V6.3.1 repeated failures lock the account (even against the right password), then it opens again', async () => {
      await addStaff('locked');
      for (let i = 0; i < 3; i++) expect((await client().signIn('locked', 'wrong password here')).status).toBe(401);
      const refused = await client().signIn('locked', PASSWORD);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: string }).error).toBe('signin_locked');
      // Once the lock has passed, the right password signs in and clears the count.
      await sql(`UPDATE staff_account SET locked_until = $1 WHERE name = $2`, [new Date(0).toISOString(), 'locked']);
      expect((await client().signIn('locked', PASSWORD)).status).toBe(204);
      expect((await server.store.desk.account('locked'))!.failures).toBe(0);
    });
  });

  describe('V7 session management', () => {
    it('V7.2.4 signing in makes a new token; V3.3.x the cookie is HttpOnly, SameSite=Strict, for the site', async () => {
      const c = await signedIn('maryam');
      const line = c.lastSetCookies.find((l) => l.startsWith('makan_staff='))!;
      expect(line).toMatch(/HttpOnly/i);
      expect(line).toMatch(/SameSite=Strict/i);
      expect(line).toMatch(/Path=\//i);
      expect(line).not.toMatch(/Secure/i); // plain HTTP here; Secure behind TLS (see the next test)
      const first = c.cookies.get('makan_staff');
      expect((await c.signIn('maryam', PASSWORD)).status).toBe(204);
      expect(c.cookies.get('makan_staff')).not.toBe(first);
      // The replaced token no longer signs anyone in.
      const stale = client();
      stale.cookies.set('makan_staff', first!);
      expect((await stale.request('/api/staff/session')).status).toBe(401);
    });

    it('V7.4.1 signing out ends the session on the server', async () => {
      const c = await signedIn('maryam');
      const token = c.cookies.get('makan_staff')!;
      expect((await c.request('/api/staff/session', { method: 'DELETE' })).status).toBe(204);
      const replay = client();
      replay.cookies.set('makan_staff', token);
      expect((await replay.request('/api/staff/session')).status).toBe(401);
    });

    it('V7.3.1 a session idle too long ends; V7.3.2 so does one past its whole life', async () => {
      const idle = await signedIn('maryam');
      const token = idle.cookies.get('makan_staff')!;
      const { hashToken } = await import('../../server/desk/staffSessions');
      const longAgo = new Date(Date.now() - IDLE_MS - 60_000).toISOString();
      await sql('UPDATE staff_session SET seen_at = $1 WHERE token_hash = $2', [longAgo, hashToken(token)]);
      expect((await idle.request('/api/staff/session')).status).toBe(401);
      const old = await signedIn('maryam');
      const born = new Date(Date.now() - 13 * 3600_000).toISOString();
      await sql('UPDATE staff_session SET created_at = $1 WHERE token_hash = $2', [
        born,
        hashToken(old.cookies.get('makan_staff')!),
      ]);
      expect((await old.request('/api/staff/session')).status).toBe(401);
    });

    it('V7.4.3 a password reset ends every session of the account', async () => {
      const c = await signedIn('maryam');
      const reset = await runStaffCommand(['reset', 'maryam', '--db', server.dbFile], `${PASSWORD}\n`);
      expect(reset.code, reset.stderr).toBe(0);
      expect((await c.request('/api/staff/session')).status).toBe(401);
      staff = await signedIn('maryam');
    });
  });

  describe('V8 authorization', () => {
    it('V8.2.1 every staff route answers 401 without a session, and says nothing else', async () => {
      const spec = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      const routes = Object.entries(spec.paths)
        .filter(([path]) => path.startsWith('/api/staff/'))
        .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() })))
        .filter((r) => !(r.path === '/api/staff/session' && r.method === 'POST'));
      expect(routes.length).toBeGreaterThanOrEqual(7);
      const visitor = client();
      for (const route of routes) {
        const path = route.path.replace('{id}', 'AAAAAAAAAAAAAAAAAAAAAA');
        const response = await visitor.request(path, {
          method: route.method,
          ...(route.method === 'GET' || route.method === 'DELETE'
            ? {}
            : { headers: { 'content-type': 'application/json' }, body: '{}' }),
        });
        expect(response.status, `${route.method} ${path}`).toBe(401);
        expect(await response.json()).toEqual(UNAUTHENTICATED);
      }
      // A forged cookie is no better.
      const forged = client();
      forged.cookies.set('makan_staff', 'A'.repeat(43));
      expect((await forged.request('/api/staff/reports')).status).toBe(401);
    });

    it('V3.5.1 a staff write without the XSRF header is refused', async () => {
      const response = await staff.upload('x.csv', planted.baseCsv, '', {});
      expect(response.status).toBe(200);
      const id = ((await response.json()) as UploadPreview).Id;
      const refused = await staff.request(`/api/staff/uploads/${id}`, { method: 'DELETE' }, { sendXsrf: false });
      expect(refused.status).toBe(403);
      expect((await staff.request(`/api/staff/uploads/${id}`, { method: 'DELETE' })).status).toBe(204);
    });
  });

  describe('V5 file handling: uploads', () => {
    const refusedWith = async (response: Response, status: number, pattern: RegExp) => {
      expect(response.status).toBe(status);
      expect(((await response.json()) as { message: string }).message).toMatch(pattern);
    };

    it('V5.2.1 a file over the size limit is refused, told by its length or cut off as it streams', async () => {
      const before = await meta();
      // A length over the limit is refused before a byte of the body is read.
      const claimed = await headersOnly(server.baseUrl, staff, UPLOAD_MAX_BYTES + 1);
      expect(claimed.status).toBe(413);
      expect(claimed.body).toMatch(/over 64 MB/);
      // Streamed without a length: counted as it arrives, and cut off past the limit.
      const chunk = new Uint8Array(1024 * 1024).fill(0x41);
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent > UPLOAD_MAX_BYTES) return controller.close();
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      });
      await refusedWith(await staff.upload('big.csv', stream), 413, /over 64 MB/);
      expect((await meta()).version).toBe(before.version);
    });

    it('V5.2.3 compressed archives and binaries are refused with the reason; so is a compressed transfer', async () => {
      const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]);
      await refusedWith(await staff.upload('data.csv', zip), 415, /zip archive/);
      await refusedWith(await staff.upload('data.csv', gzipSync(planted.baseCsv)), 415, /gzip/);
      await refusedWith(await staff.upload('data.csv', Buffer.from('Guid,Type\n\0\0\0')), 415, /NUL/);
      await refusedWith(
        await staff.upload('data.csv', gzipSync(planted.baseCsv), '', { 'content-encoding': 'gzip' }),
        415,
        /not compressed/,
      );
      await refusedWith(await staff.upload('data.json5', planted.baseCsv), 415, /must be a \.csv .* or a \.geojson/);
      // Bytes behind UTF-16's byte-order mark are read as UTF-16 text (Excel's "Unicode text"), NULs and all: what
      // they hold is then refused as any unreadable file is, nothing applied.
      const claimed = (await (
        await staff.upload('claimed.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), randomBytes(200_000)]))
      ).json()) as UploadPreview;
      expect(claimed.Encoding).toBe('utf-16le');
      expect(claimed.BlockedBy).toEqual({ Code: 'unreadable', Records: 0 });
    });

    it('a spreadsheet sent as it is, named so or renamed, is refused with the way to its CSV', async () => {
      const before = await meta();
      const sent: [string, BodyInit, RegExp][] = [
        ['locations.xlsx', planted.baseCsv, /Excel workbook \(\.xlsx\)/],
        ['locations.csv', excelWorkbook(), /Excel workbook \(\.xlsx\)/],
        ['locations.csv', otherWorkbook(), /Excel workbook \(\.xlsx\)/],
        ['locations.txt', excel97Workbook(), /Excel 97-2003 workbook/],
        ['locations.csv', openDocumentSheet(), /spreadsheet \(\.ods\)/],
      ];
      for (const [name, bytes, what] of sent) {
        const response = await staff.upload(name, bytes);
        expect(response.status, name).toBe(415);
        const answer = (await response.json()) as { error: string; message: string };
        expect(answer.error, name).toBe('spreadsheet_file');
        expect(answer.message, name).toMatch(what);
        expect(answer.message, name).toMatch(/save the sheet as "CSV UTF-8"/);
      }
      // A zipped CSV is still an archive: what to do with it is another thing.
      await refusedWith(await staff.upload('data.csv', zipOf([['data.csv', 'Guid\n']])), 415, /zip archive/);
      expect((await meta()).version).toBe(before.version);
    });

    it('V5.2.2 a script-bearing or malformed file is refused by line and field, and nothing is applied', async () => {
      const before = await meta();
      const scripted = editCsv(planted.baseCsv, (rows) => {
        rows[0]!['NameMakanAmoozeshi'] = '<script>alert(1)</script>';
      });
      const preview = (await (await staff.upload('scripted.csv', scripted)).json()) as UploadPreview;
      expect(preview.Problems).toContainEqual({
        Where: 'line 2',
        Field: 'NameMakanAmoozeshi',
        Message: 'contains markup (<...>): plain text only',
        Code: 'markup',
        Values: {},
      });
      expect(preview.Blocked).toMatch(/invalid record/);
      expect(preview.BlockedBy).toEqual({ Code: 'invalid', Records: 1 });
      const apply = await staff.request(`/api/staff/uploads/${preview.Id}/apply`, { method: 'POST' });
      expect(apply.status).toBe(422);
      const broken = (await (
        await staff.upload('broken.csv', 'Guid,Type,Nonsense\n"unclosed')
      ).json()) as UploadPreview;
      expect(broken.Blocked).not.toBeNull();
      expect(broken.Problems.length).toBeGreaterThan(0);
      expect((await meta()).version).toBe(before.version);
    });

    it('a quote left open, or stray, is told where it is (line and column), not where the file ends', async () => {
      // Five rows of the columns a record needs; the second row's name opens a quote that nothing closes.
      const rows = (parse(planted.baseCsv, { columns: true }) as Record<string, string>[]).slice(0, 5);
      const columns = ['Guid', 'Type', 'NameMakanAmoozeshi', 'Lat', 'Long'];
      const line = (row: Record<string, string>, name = row['NameMakanAmoozeshi']!) =>
        columns.map((c) => (c === 'NameMakanAmoozeshi' ? name : row[c])).join(',');
      const file = (second: string) =>
        [columns.join(','), line(rows[0]!), second, ...rows.slice(2).map((r) => line(r))].join('\n') + '\n';
      const open = (await (
        await staff.upload('open-quote.csv', file(line(rows[1]!, `"${rows[1]!['NameMakanAmoozeshi']}`)))
      ).json()) as UploadPreview;
      expect(open.BlockedBy).toEqual({ Code: 'unreadable', Records: 0 });
      expect(open.Problems).toEqual([
        expect.objectContaining({ Where: 'line 3', Field: 'NameMakanAmoozeshi', Code: 'quote_not_closed' }),
      ]);
      const stray = (await (
        await staff.upload('stray-quote.csv', file(line(rows[1]!, `"${rows[1]!['NameMakanAmoozeshi']}" دوم`)))
      ).json()) as UploadPreview;
      expect(stray.Problems).toEqual([
        expect.objectContaining({ Where: 'line 3', Field: 'NameMakanAmoozeshi', Code: 'stray_quote' }),
      ]);
    });

    it("a file as Excel saves it under other settings (a semicolon, Persian Windows' ؛ or tabs between cells, UTF-16, Persian digits) reads as its comma-separated twin", async () => {
      // Five stored rows renamed and moved a little, with the columns a record needs: the same changes whichever
      // way the file is written. A name holds the separator, so one cell is quoted in every file.
      const names = [
        'مرکز آموزش کرج؛ شعبه دوم',
        'آموزشگاه گلدوزی پیروز',
        'کارگاه چرم ژیان',
        'مرکز چمران',
        'آموزشگاه گلستان',
      ];
      const columns = ['Guid', 'Type', 'NameMakanAmoozeshi', 'Lat', 'Long'];
      const rows = (parse(planted.baseCsv, { columns: true }) as Record<string, string>[])
        .slice(0, names.length)
        .map((row, i): Record<string, string> => ({
          ...row,
          NameMakanAmoozeshi: names[i]!,
          Lat: (Number(row['Lat']) + 0.001).toFixed(6),
        }));
      const persianDigits = (text: string) =>
        text.replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!).replace('.', '\u066b');
      const csv = (delimiter: string, cells: (value: string, column: string) => string = (value) => value) =>
        stringify(
          rows.map((row) => Object.fromEntries(columns.map((c) => [c, cells(row[c]!, c)]))),
          { header: true, columns, delimiter, record_delimiter: 'windows' },
        );
      const previewOf = async (name: string, body: BodyInit, query = '') =>
        (await (await staff.upload(name, body, query)).json()) as UploadPreview;
      const changes = (preview: UploadPreview) => ({
        problems: preview.Problems,
        summary: preview.Summary,
        points: [...preview.Points].sort((a, b) => a.Guid.localeCompare(b.Guid)),
      });

      const twin = changes(await previewOf('comma.csv', csv(',')));
      expect(twin.problems).toEqual([]);
      expect(twin.summary.Updated).toBe(names.length);
      // Each row both moved and renamed.
      expect([...new Set(twin.points.map((p) => p.Name))].sort()).toEqual([...names].sort());

      expect(changes(await previewOf('semicolon.csv', csv(';')))).toEqual(twin);
      const typed = (value: string, column: string) =>
        column === 'Lat' || column === 'Long' ? persianDigits(value) : value;
      expect(changes(await previewOf('tabs.csv', csv('\t', typed)))).toEqual(twin);
      // Excel's "Unicode text": a .txt file, tabs between cells, UTF-16 after its byte-order mark, read so unasked.
      const unicodeText = await previewOf('unicode.txt', Buffer.from(`\uFEFF${csv('\t')}`, 'utf16le'));
      expect(unicodeText.Encoding).toBe('utf-16le');
      expect(changes(unicodeText)).toEqual(twin);
      // Kept as the text it was read as, which is what an apply reads again.
      expect((await server.store.desk.upload(unicodeText.Id))!.content).toBe(csv('\t'));
      // Persian Windows' plain "CSV": ؛ between cells, in Windows-1256. Its header holds no letter, only ؛, and
      // that is enough to offer the conversion.
      const excel = windows1256(csv('\u061b'));
      const refused = await previewOf('excel.csv', excel);
      expect(refused.Convertible).toBe(true);
      expect(refused.Problems).toEqual([expect.objectContaining({ Where: 'line 1', Field: '(encoding)' })]);
      expect(changes(await previewOf('excel.csv', excel, '&encoding=windows-1256'))).toEqual(twin);
      // A quote left open is found at its line and in its column whatever separates the cells.
      const open = await previewOf('open-quote.csv', csv(';').replace(names[2]!, `"${names[2]!}`));
      expect(open.Problems).toEqual([
        expect.objectContaining({ Where: 'line 4', Field: 'NameMakanAmoozeshi', Code: 'quote_not_closed' }),
      ]);
    });
    it('coordinates written in degrees and minutes, in Persian words, with a decimal comma or slash, or pasted as one point read as their decimal twin; a hemisphere of the other axis is refused at its cell', async () => {
      // Four stored rows moved to whole minutes, so each angle written in degrees and minutes is the decimal exactly.
      const columns = ['Guid', 'Type', 'NameMakanAmoozeshi', 'Lat', 'Long'];
      const toMinutes = (degrees: number) => Math.round(degrees * 60 + 1);
      const rows = (parse(planted.baseCsv, { columns: true }) as Record<string, string>[]).slice(0, 4).map((row) => ({
        row,
        lat: toMinutes(Number(row['Lat'])),
        lon: toMinutes(Number(row['Long'])),
      }));
      const decimal = (minutes: number) => String(Math.round((minutes / 60) * 1e7) / 1e7);
      const dm = (minutes: number) => [Math.floor(minutes / 60), minutes % 60] as const;
      const persian = (text: string) => text.replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
      // One way of writing per row: symbols with spaces, Persian words, the sukun for degrees, a colon.
      const written: ((minutes: number, hemisphere: 'N' | 'E') => string)[] = [
        (m, h) => `${dm(m)[0]}° ${dm(m)[1]}′ ${h}`,
        (m, h) => persian(`${dm(m)[0]} درجه و ${dm(m)[1]} دقیقه ${h === 'N' ? 'شمالی' : 'شرقی'}`),
        (m) => persian(`${dm(m)[0]}\u0652 ${dm(m)[1]}'`),
        (m) => `${dm(m)[0]}:${dm(m)[1]}`,
      ];
      const file = (lat: (m: number, i: number) => string, lon: (m: number, i: number) => string, delimiter = ',') =>
        stringify(
          rows.map(({ row, lat: la, lon: lo }, i) => [
            row['Guid'],
            row['Type'],
            row['NameMakanAmoozeshi'],
            lat(la, i),
            lon(lo, i),
          ]),
          { header: true, columns, delimiter },
        );
      const changes = async (name: string, body: string) => {
        const preview = (await (await staff.upload(name, body)).json()) as UploadPreview;
        return {
          problems: preview.Problems,
          summary: preview.Summary,
          points: [...preview.Points].sort((a, b) => a.Guid.localeCompare(b.Guid)),
        };
      };

      const twin = await changes('decimal.csv', file(decimal, decimal));
      expect(twin.problems).toEqual([]);
      expect(twin.summary.Updated).toBe(rows.length);
      const angles = await changes(
        'angles.csv',
        file(
          (m, i) => written[i]!(m, 'N'),
          (m, i) => written[i]!(m, 'E'),
        ),
      );
      expect(angles).toEqual(twin);
      // Excel under European settings: semicolons between cells, a comma before the decimals; a Persian typist's slash.
      const comma = (m: number) => decimal(m).replace('.', ',');
      expect(await changes('comma.csv', file(comma, comma, ';'))).toEqual(twin);
      const slash = (m: number) => persian(decimal(m).replace('.', '/'));
      expect(await changes('slash.csv', file(slash, slash))).toEqual(twin);
      // A point pasted from a map into Lat, latitude first, with Long left empty.
      const pasted = (m: number, i: number) => `${decimal(m)}, ${decimal(rows[i]!.lon)}`;
      expect(
        await changes(
          'pasted.csv',
          file(pasted, () => ''),
        ),
      ).toEqual(twin);

      // A longitude written under Lat is refused at its cell, never taken as a latitude of 51 degrees.
      const swapped = await changes(
        'swapped.csv',
        file((m, i) => (i === 1 ? written[0]!(rows[1]!.lon, 'E') : decimal(m)), decimal),
      );
      expect(swapped.problems).toEqual([
        expect.objectContaining({
          Where: 'line 3',
          Field: 'Lat',
          Code: 'other_axis',
          Values: expect.objectContaining({ other: 'Long' }),
        }),
      ]);
      // Two numbers a space apart are not one (35 41 is neither 3541 nor 35°41′).
      const spaced = await changes(
        'spaced.csv',
        file((m, i) => (i === 2 ? dm(m).join(' ') : decimal(m)), decimal),
      );
      expect(spaced.problems).toEqual([expect.objectContaining({ Where: 'line 4', Field: 'Lat', Code: 'not_number' })]);
    });
    it('what Excel writes around the cells (its sep= line, empty columns past the headings, rows of separators) and a header in another case read as the plain file; a value under no heading is named by its row', async () => {
      const columns = ['Guid', 'Type', 'NameMakanAmoozeshi', 'Lat', 'Long'];
      const rows = (parse(planted.baseCsv, { columns: true }) as Record<string, string>[])
        .slice(0, 3)
        .map((row): Record<string, string> => ({ ...row, Lat: (Number(row['Lat']) + 0.001).toFixed(6) }));
      const lines = (cells: string[][], delimiter = ',') =>
        stringify(cells, { delimiter, record_delimiter: 'windows' });
      const table = rows.map((row) => columns.map((c) => row[c]!));
      const previewOf = async (name: string, body: string) =>
        (await (await staff.upload(name, body)).json()) as UploadPreview;
      const changes = (preview: UploadPreview) => ({ problems: preview.Problems, summary: preview.Summary });
      const twin = changes(await previewOf('plain.csv', lines([columns, ...table])));
      expect(twin.problems).toEqual([]);
      expect(twin.summary.Updated).toBe(rows.length);

      // Excel's hint line naming the separator, before the header.
      expect(changes(await previewOf('hinted.csv', `sep=;\r\n${lines([columns, ...table], ';')}`))).toEqual(twin);
      // A header retyped in another case, its separator told all the same.
      const retyped = columns.map((c) => c.toLowerCase());
      expect(changes(await previewOf('retyped.csv', lines([retyped, ...table], ';')))).toEqual(twin);
      // Three columns with no heading past the last one, empty in every row (one row written without them), and
      // rows of separators alone where Excel once formatted a row, and a blank line.
      const padded = [
        [...columns, '', '', ''],
        [...table[0]!, '', '', ''],
        table[1]!,
        ['', '', '', '', '', '', '', ''],
        [...table[2]!, '', '', ''],
        ['', '', '', '', '', '', '', ''],
      ];
      expect(changes(await previewOf('padded.csv', `${lines(padded)}\r\n`))).toEqual(twin);
      // A value under no heading is not dropped unasked: its row is named, and the rows after blank ones by their own
      // line (the header is line 1, the blank rows 2 and 3).
      const stray = [
        [...columns, ''],
        ['', '', '', '', ''],
        ['', '', '', '', ''],
        [...table[0]!, 'جا مانده'],
      ];
      const strayPreview = await previewOf('stray.csv', lines(stray));
      expect(strayPreview.Problems).toEqual([
        expect.objectContaining({ Where: 'line 4', Field: '(row)', Code: 'unnamed_value', Values: { columns: '6' } }),
      ]);
      // A hinted file's header is its second line, and its problems are said there.
      const unknown = await previewOf(
        'hinted-unknown.csv',
        `sep=,\r\n${lines([
          [...columns, 'Extra'],
          [...table[0]!, 'x'],
        ])}`,
      );
      expect(unknown.Problems).toEqual([
        expect.objectContaining({ Where: 'line 2', Field: 'Extra', Code: 'unknown_field' }),
      ]);
      // Blocked as the apply would be, unless the valid rows are applied alone (which leaves the column out).
      expect(unknown.BlockedBy).toEqual({ Code: 'unknown_columns', Records: 0 });
      expect(unknown.Blocked).toMatch(/not fields of the format/);
      const alone = (await (
        await staff.upload(
          'hinted-unknown.csv',
          `sep=,\r\n${lines([
            [...columns, 'Extra'],
            [...table[0]!, 'x'],
          ])}`,
          '&skipInvalid=1',
        )
      ).json()) as UploadPreview;
      expect(alone.BlockedBy, JSON.stringify(alone)).toBeNull();
    });
  });

  describe('the quality report and the changes', () => {
    it('a clean file has no findings', async () => {
      const preview = (await (await staff.upload('clean.csv', planted.baseCsv)).json()) as UploadPreview;
      expect(preview.Problems).toEqual([]);
      expect(preview.Findings).toEqual([]);
      expect(preview.Summary).toEqual({ Inserted: 0, Updated: 0, Unchanged: planted.baseRows, Deleted: 0 });
      expect(preview.Changes).toEqual([]);
    });

    it('a new row with the name of a location already in the data, 20 m from it, is found as its duplicate', async () => {
      const [stored] = parse(planted.baseCsv, { columns: true }) as Record<string, string>[];
      const twin = { ...stored!, Guid: randomUUID(), Lat: String(Number(stored!['Lat']) + 0.00018) };
      // Far enough away, the same name is another place; a name the data lacks is no one's twin.
      const apart = { ...stored!, Guid: randomUUID(), Lat: String(Number(stored!['Lat']) + 0.01) };
      const other = { ...twin, Guid: randomUUID(), NameMakanAmoozeshi: `${stored!['NameMakanAmoozeshi']} دوم` };
      const csv = stringify([twin, apart, other], { header: true, columns: Object.keys(twin) });
      const preview = (await (await staff.upload('twin.csv', csv)).json()) as UploadPreview;
      const duplicates = preview.Findings.filter((f) => f.Stored !== null);
      expect(duplicates).toEqual([
        expect.objectContaining({
          Where: 'line 2',
          Stored: { Guid: stored!['Guid'], Name: stored!['NameMakanAmoozeshi'] },
          Metres: 20,
        }),
      ]);
      expect(preview.Summary.Inserted).toBe(3);
    });

    it('a file with twenty planted problems yields exactly those twenty findings, and its changes', async () => {
      const response = await staff.upload('planted.csv', planted.csv, '&skipInvalid=1');
      expect(response.status).toBe(200);
      const preview = (await response.json()) as UploadPreview;
      const found = preview.Findings.map((f) => ({ kind: f.Kind, line: Number(f.Where.replace('line ', '')) }));
      // A phone Excel took for a number, its 0 dropped: said so, with the number as it should be.
      expect(preview.Findings.find((f) => f.Value === EXCEL_DROPPED_ZERO)?.Message).toMatch(
        new RegExp(`lost its leading 0.*0${EXCEL_DROPPED_ZERO}`),
      );
      expect(found).toHaveLength(20);
      expect(found).toEqual(planted.expected);
      expect(preview.Rejected).toBe(planted.outside);
      expect(preview.Blocked).toBeNull();
      expect(preview.Summary.Inserted).toBe(planted.validNew);
      expect(preview.Changes.reduce((sum, c) => sum + c.Added, 0)).toBe(planted.validNew);
      expect(preview.Changes.every((c) => c.Route === 'Centers' && /^IR-\d\d$/.test(c.Province))).toBe(true);
      expect(preview.Points.filter((p) => p.Kind === 'added')).toHaveLength(planted.validNew);
      expect(preview.Gaps.reduce((sum, g) => sum + g.Phone + g.Address + g.Gender, 0)).toBe(6);

      // Applied as previewed: one new dataset version, written to the audit log with who and which version.
      const before = await meta();
      const applied = await staff.request(`/api/staff/uploads/${preview.Id}/apply`, { method: 'POST' });
      expect(applied.status).toBe(200);
      const answer = (await applied.json()) as Applied;
      expect(answer.Version).toBe(before.version + 1);
      expect(answer.Inserted).toBe(planted.validNew);
      expect(answer.Locations).toBe(before.locations + planted.validNew);
      const log = (await (await staff.request('/api/staff/audit')).json()) as AuditAnswer;
      const apply = log.find((e) => e.Action === 'upload.apply')!;
      expect(apply.Name).toBe('maryam');
      expect(apply.Detail).toContain(`version ${answer.Version}`);
      expect(log.some((e) => e.Action === 'upload.preview' && e.Detail.includes(preview.Id))).toBe(true);
      // Once applied it is gone: a second click does nothing.
      expect((await staff.request(`/api/staff/uploads/${preview.Id}/apply`, { method: 'POST' })).status).toBe(404);
    });

    it('a preview the data has moved past is refused (409), not applied over newer data', async () => {
      const preview = (await (await staff.upload('clean.csv', planted.baseCsv)).json()) as UploadPreview;
      const other = (await (await staff.upload('other.csv', planted.csv, '&skipInvalid=1')).json()) as UploadPreview;
      // Something else is applied first (another import moved the data on).
      // The type as it is now (earlier tests applied files), with this one location renamed.
      const current = (
        await (await fetch(`${server.baseUrl}/api/downloads/latest/locations.csv?type=Centers`)).text()
      ).replace(/^\uFEFF/, '');
      const renamed = editCsv(current, (rows) => {
        rows[3]!['NameMakanAmoozeshi'] += ' (نام تازه)';
      });
      const moving = (await (await staff.upload('rename.csv', renamed)).json()) as UploadPreview;
      expect((await staff.request(`/api/staff/uploads/${moving.Id}/apply`, { method: 'POST' })).status).toBe(200);
      const late = await staff.request(`/api/staff/uploads/${preview.Id}/apply`, { method: 'POST' });
      expect(late.status).toBe(409);
      expect(((await late.json()) as { error: string }).error).toBe('preview_outdated');
      expect((await staff.request(`/api/staff/uploads/${other.Id}`, { method: 'DELETE' })).status).toBe(204);
    });
  });

  describe('applied exactly as previewed', () => {
    it('a preview applied twice at once while another is applied: one version, never a mixture', async () => {
      const current = (
        await (await fetch(`${server.baseUrl}/api/downloads/latest/locations.csv?type=Centers`)).text()
      ).replace(/^\uFEFF/, '');
      const renamedAs = (suffix: string) =>
        editCsv(current, (rows) => {
          rows[5]!['NameMakanAmoozeshi'] += ` (${suffix})`;
        });
      const previewOf = async (c: CookieClient, name: string, text: string) =>
        (await (await c.upload(name, text)).json()) as UploadPreview;
      const other = await signedIn('maryam');
      const first = await previewOf(staff, 'first.csv', renamedAs('یکم'));
      const second = await previewOf(other, 'second.csv', renamedAs('دوم'));
      const before = await meta();
      // A double click on one screen, and another member's file applied on theirs: three applies at once, within
      // what the desk runs together (IMPORTS_AT_ONCE), so none is turned away as busy.
      const answers = await Promise.all([
        staff.request(`/api/staff/uploads/${first.Id}/apply`, { method: 'POST' }),
        staff.request(`/api/staff/uploads/${first.Id}/apply`, { method: 'POST' }),
        other.request(`/api/staff/uploads/${second.Id}/apply`, { method: 'POST' }),
      ]);
      const outcomes = await Promise.all(
        answers.map(async (a) =>
          a.status === 204 ? '204' : `${a.status} ${((await a.json()) as { error?: string }).error ?? 'applied'}`,
        ),
      );
      const said = outcomes.join(' | ');
      const applies = outcomes;
      // Both previews were made at one version: the first to apply moves the data on and the other is refused, and
      // the second can be refused for nothing else, so exactly one applies.
      expect(
        applies.filter((o) => o === '200 applied'),
        said,
      ).toHaveLength(1);
      for (const refused of applies.filter((o) => o !== '200 applied'))
        expect(['404 unknown_upload', '409 preview_outdated'], said).toContain(refused);
      expect((await meta()).version).toBe(before.version + 1);
      const now = await (await fetch(`${server.baseUrl}/api/downloads/latest/locations.csv?type=Centers`)).text();
      expect([now.includes('(یکم)'), now.includes('(دوم)')], said).toEqual([
        applies.slice(0, 2).includes('200 applied'),
        applies[2] === '200 applied',
      ]);
      for (const id of [first.Id, second.Id]) await other.request(`/api/staff/uploads/${id}`, { method: 'DELETE' });
    });

    it('an import told its preview’s version applies nothing once the data has moved on, checked under its own lock', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'makan-moved-'));
      const file = join(dir, 'renamed.csv');
      writeFileSync(
        file,
        editCsv(planted.baseCsv, (rows) => {
          rows[0]!['NameMakanAmoozeshi'] += ' (دیر)';
        }),
      );
      const { store } = await openStore(server.dbFile);
      try {
        const at = await store.datasetVersion();
        const late = await runImport(store, file, { expectedVersion: at - 1 });
        expect([late.applied, late.movedOn]).toEqual([false, true]);
        expect(await store.datasetVersion()).toBe(at);
        const onTime = await runImport(store, file, { expectedVersion: at });
        expect([onTime.applied, onTime.movedOn]).toEqual([true, false]);
        expect(await store.datasetVersion()).toBe(at + 1);
      } finally {
        store.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('the public’s reports', () => {
    let guid: string;
    let link: string;
    let id: string;
    const visitor = () => client();

    beforeAll(() => {
      guid = (parse(planted.baseCsv, { columns: true }) as Record<string, string>[])[1]!['Guid']!;
    });

    it('a visitor files a report and reads its status by the link it got', async () => {
      const response = await visitor().json('/api/reports', {
        Guid: guid,
        Kind: 'wrong_phone',
        Text: 'شماره تماس قطع است',
      });
      expect(response.status).toBe(201);
      const filed = (await response.json()) as FiledReport;
      expect(filed.Status).toBe('open');
      expect(filed.Link).toBe(`/reports/${filed.Id}`);
      id = filed.Id;
      link = filed.Link;
      const status = (await (await fetch(`${server.baseUrl}/api${link}`)).json()) as ReportStatusAnswer;
      expect(status).toMatchObject({ Id: id, Kind: 'wrong_phone', Status: 'open', Route: 'Centers', DecidedAt: null });
      expect(status).not.toHaveProperty('Text');
    });

    it('V2.2.1 empty, oversized, unknown, bot-filled and XSRF-less reports are refused', async () => {
      const c = visitor();
      const status = async (body: unknown, options = {}) =>
        (await c.json('/api/reports', body, 'POST', options)).status;
      expect(await status({ Guid: guid, Kind: 'other', Text: '   ' })).toBe(400);
      expect(await status({ Guid: guid, Kind: 'other', Text: 'x'.repeat(2001) })).toBe(400);
      expect(await status({ Guid: guid, Kind: 'nonsense', Text: 'closed for good' })).toBe(400);
      expect(await status({ Guid: guid, Kind: 'other', Text: 'closed for good', Email: 'a@b.c' })).toBe(400);
      expect(await status({ Guid: guid, Kind: 'other', Text: 'closed for good', Website: 'http://spam' })).toBe(400);
      expect(await status({ Guid: 'DEFEC7ED-0000-4000-8000-999999999999', Kind: 'other', Text: 'closed' })).toBe(404);
      expect(await status({ Guid: guid, Kind: 'other', Text: 'closed for good' }, { sendXsrf: false })).toBe(403);
    });

    it('staff see the queue by type, province, kind and status, and resolve a report the visitor then sees resolved', async () => {
      const all = (await (
        await staff.request('/api/staff/reports?kind=wrong_phone&type=Centers')
      ).json()) as StaffReport[];
      const mine = all.find((r) => r.Id === id)!;
      expect(mine).toMatchObject({ Guid: guid, Text: 'شماره تماس قطع است', Status: 'open' });
      const province = mine.Province;
      const inProvince = (await (
        await staff.request(`/api/staff/reports?province=${province}`)
      ).json()) as StaffReport[];
      expect(inProvince.every((r) => r.Province === province)).toBe(true);
      expect((await staff.request('/api/staff/reports?status=bogus')).status).toBe(400);
      const decided = await staff.json(`/api/staff/reports/${id}`, {
        Status: 'resolved',
        Note: 'شماره درست شد',
        Seen: mine.DecidedAt,
      });
      expect(decided.status).toBe(200);
      const status = (await (await fetch(`${server.baseUrl}/api${link}`)).json()) as ReportStatusAnswer;
      expect(status).toMatchObject({ Status: 'resolved', Note: 'شماره درست شد' });
      expect(status.DecidedAt).not.toBeNull();
      const open = (await (await staff.request('/api/staff/reports?status=open')).json()) as StaffReport[];
      expect(open.some((r) => r.Id === id)).toBe(false);
      const log = (await (await staff.request('/api/staff/audit')).json()) as AuditAnswer;
      expect(log.some((e) => e.Action === 'report.resolved' && e.Detail === id && e.Name === 'maryam')).toBe(true);
    });

    it('two members deciding one report at once: one decision is kept, the other refused as changed, never lost', async () => {
      const filed = (await (
        await visitor().json('/api/reports', { Guid: guid, Kind: 'closed', Text: 'تعطیل شده است' })
      ).json()) as FiledReport;
      const [read] = ((await (await staff.request('/api/staff/reports?kind=closed')).json()) as StaffReport[]).filter(
        (r) => r.Id === filed.Id,
      );
      const other = await signedIn('maryam');
      // Both read it open, and decide it differently in the same moment.
      const answers = await Promise.all([
        staff.json(`/api/staff/reports/${filed.Id}`, { Status: 'resolved', Note: 'بسته شد', Seen: read!.DecidedAt }),
        other.json(`/api/staff/reports/${filed.Id}`, { Status: 'rejected', Note: 'باز است', Seen: read!.DecidedAt }),
      ]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 409]);
      const kept = (await answers.find((a) => a.status === 200)!.json()) as StaffReport;
      const refused = (await answers.find((a) => a.status === 409)!.json()) as { error: string; message: string };
      expect(refused.error).toBe('report_changed');
      expect(refused.message).toContain(kept.Status);
      // The public sees the decision that was kept, with its note.
      const seen = (await (await fetch(`${server.baseUrl}/api${filed.Link}`)).json()) as ReportStatusAnswer;
      expect([seen.Status, seen.Note]).toEqual([kept.Status, kept.Note]);
      // Read again, it can be decided again (a note amended): the decision as it now stands is what is seen.
      const amended = await other.json(`/api/staff/reports/${filed.Id}`, {
        Status: kept.Status as 'resolved' | 'rejected',
        Note: `${kept.Note} (دوباره)`,
        Seen: kept.DecidedAt,
      });
      expect(amended.status).toBe(200);
      // A screen still showing it open is refused, as is one naming a decision that never was.
      for (const stale of [null, '2020-01-01T00:00:00.000Z'])
        expect(
          (await staff.json(`/api/staff/reports/${filed.Id}`, { Status: 'rejected', Note: '', Seen: stale })).status,
        ).toBe(409);
      expect(
        (await staff.json(`/api/staff/reports/${'x'.repeat(22)}`, { Status: 'rejected', Note: '', Seen: null })).status,
      ).toBe(404);
      // A report still open, decided by a screen that claims to have seen it decided: refused, and said to be open.
      const unread = (await (
        await visitor().json('/api/reports', { Guid: guid, Kind: 'closed', Text: 'هنوز باز است' })
      ).json()) as FiledReport;
      const claimed = await staff.json(`/api/staff/reports/${unread.Id}`, {
        Status: 'rejected',
        Note: '',
        Seen: '2020-01-01T00:00:00.000Z',
      });
      expect(claimed.status).toBe(409);
      expect(((await claimed.json()) as { message: string }).message).toMatch(/not decided yet/);
    });

    it('a report whose location an import then changes is linked to that version', async () => {
      const response = await visitor().json('/api/reports', { Guid: guid, Kind: 'wrong_name', Text: 'نام درست نیست' });
      const filed = (await response.json()) as FiledReport;
      // The type as it is now (earlier tests applied files), with this one location renamed.
      const current = (
        await (await fetch(`${server.baseUrl}/api/downloads/latest/locations.csv?type=Centers`)).text()
      ).replace(/^\uFEFF/, '');
      const renamed = editCsv(current, (rows) => {
        rows.find((r) => r['Guid'] === guid)!['NameMakanAmoozeshi'] += ' (نام درست)';
      });
      const preview = (await (await staff.upload('renamed.csv', renamed)).json()) as UploadPreview;
      expect(preview.Changes.reduce((sum, c) => sum + c.Renamed, 0)).toBe(1);
      const applied = (await (
        await staff.request(`/api/staff/uploads/${preview.Id}/apply`, { method: 'POST' })
      ).json()) as Applied;
      const status = (await (await fetch(`${server.baseUrl}/api${filed.Link}`)).json()) as ReportStatusAnswer;
      expect(status.ChangedInVersion).toBe(applied.Version);
    });
  });

  describe('V2.4.1 per-client limits and V3.3.1 TLS (a server with the default limits, behind a proxy)', () => {
    let limited: TestServer;
    beforeAll(async () => {
      // Behind a proxy at 127.0.0.1, as a TLS-terminating balancer would be.
      limited = await startTestServer({ store: kind, points: 800, trustProxy: ['127.0.0.1'] });
    });
    afterAll(() => limited.stop());

    it('V6.3.x one client is refused after repeated sign-ins, whatever the accounts', async () => {
      const c = new CookieClient(limited.baseUrl);
      const statuses: number[] = [];
      for (let i = 0; i <= DEFAULT_DESK_LIMITS.signIns; i++)
        statuses.push((await c.signIn(`guess${i}`, 'wrong password here')).status);
      expect(statuses.slice(0, DEFAULT_DESK_LIMITS.signIns).every((s) => s === 401)).toBe(true);
      expect(statuses[DEFAULT_DESK_LIMITS.signIns]).toBe(429);
    });

    it('V2.4.1 one client is refused after a flood of reports, and the API stays open to it', async () => {
      const c = new CookieClient(limited.baseUrl);
      const exported = await (await fetch(`${limited.baseUrl}/api/downloads/latest/locations.csv?type=Centers`)).text();
      const guid = (parse(exported.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[])[0]!['Guid']!;
      const codes: number[] = [];
      for (let i = 0; i <= DEFAULT_DESK_LIMITS.reports; i++)
        codes.push((await c.json('/api/reports', { Guid: guid, Kind: 'closed', Text: `closed ${i}` })).status);
      expect(codes.slice(0, DEFAULT_DESK_LIMITS.reports).every((s) => s === 201)).toBe(true);
      expect(codes[DEFAULT_DESK_LIMITS.reports]).toBe(429);
      expect((await c.request('/api/types')).status).toBe(200);
    });

    it('V3.3.1 behind TLS (a trusted proxy saying https) the cookie is Secure; an untrusted one is not believed', async () => {
      const run = await runStaffCommand(['add', 'tls', '--db', limited.dbFile], `${PASSWORD}\n`);
      expect(run.code, run.stderr).toBe(0);
      const overTls = (from: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/staff/session',
          headers: {
            'content-type': 'application/json',
            cookie: 'XSRF-TOKEN=t',
            'x-xsrf-token': 't',
            'x-forwarded-proto': 'https',
            // A client of its own: this server's per-client sign-in count for 127.0.0.1 is spent above.
            'x-forwarded-for': '203.0.113.5',
          },
          payload: { name: 'tls', password: PASSWORD },
          remoteAddress: from,
        });
      const trusted = await overTls('127.0.0.1');
      expect(trusted.statusCode).toBe(204);
      expect(String(trusted.headers['set-cookie'])).toMatch(/makan_staff=[^;]+;.*Secure/i);
      const untrusted = await overTls('10.9.8.7');
      expect(untrusted.statusCode).toBe(204);
      expect(String(untrusted.headers['set-cookie'])).not.toMatch(/Secure/i);
    });
  });
});
