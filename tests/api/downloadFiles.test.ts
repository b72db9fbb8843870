/**
 * A version's downloads kept as files (server/exporter/DownloadFiles.ts), on both stores over real HTTP (node:http,
 * so bytes and headers are seen as sent): the first asks read the file as it is written, one export of the store
 * however many ask at once; later asks are the same bytes from the file, with their length and ranges, so a broken
 * download goes on where it stopped; hostile ranges are answered as HTTP says; filtered downloads are never kept; a
 * new version writes new files and removes the old.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatasetMeta } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import { reimportType } from '../support/reimport';
import { startTestServer, STORE_KINDS, type TestServer } from '../support/testServer';

const CENTERS = typeByRoute('Centers')!.typeId;

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET as sent and answered, nothing decoded. */
function get(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const ask = httpRequest(`${base}${path}`, { headers, method }, (answer) => {
      const parts: Buffer[] = [];
      answer.on('data', (part: Buffer) => parts.push(part));
      answer.on('end', () =>
        resolve({ status: answer.statusCode!, headers: answer.headers, body: Buffer.concat(parts) }),
      );
      answer.on('error', reject);
    });
    ask.on('error', reject);
    ask.end();
  });
}

const until = async (met: () => boolean) => {
  for (let i = 0; i < 400 && !met(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(met()).toBe(true);
};

describe.each(STORE_KINDS)('downloads kept as files (%s store)', (kind) => {
  let server: TestServer;
  let version: number;
  const snapshots = mkdtempSync(join(tmpdir(), 'makan-downloads-'));
  const folder = join(snapshots, 'downloads');
  const files = () => {
    try {
      return readdirSync(folder).sort();
    } catch {
      return [];
    }
  };
  const path = (file: string, query = '') => `/api/downloads/${version}/${file}${query}`;
  const lines: string[] = [];
  const written = () => lines.filter((line) => line.includes('download file written')).length;

  beforeAll(async () => {
    server = await startTestServer({
      store: kind,
      points: 600,
      snapshotDir: snapshots,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    version = ((await (await fetch(`${server.baseUrl}/api/meta`)).json()) as DatasetMeta).version;
  });
  afterEach(() => void vi.restoreAllMocks());
  afterAll(async () => {
    await server.stop();
    rmSync(snapshots, { recursive: true, force: true });
  });

  it('the first asks, at once, read the file as it is written, one export for all; later ones its same bytes', async () => {
    const exports = vi.spyOn(server.store, 'exportRecords');
    const [first, zippedFirst] = await Promise.all([
      Promise.all(Array.from({ length: 12 }, () => get(server.baseUrl, path('locations.csv', '?type=Centers')))),
      get(server.baseUrl, path('locations.csv', '?type=Centers'), { 'accept-encoding': 'gzip' }),
    ]);
    expect(exports).toHaveBeenCalledTimes(1);
    expect(gunzipSync(zippedFirst.body).equals(first[0]!.body)).toBe(true);
    for (const answer of first) {
      expect(answer.status).toBe(200);
      expect(answer.body.equals(first[0]!.body)).toBe(true);
    }
    expect(first[0]!.body.length).toBeGreaterThan(1000);
    await until(() => files().includes(`v${version}-${CENTERS}.csv`));
    expect(files()).toEqual([`v${version}-${CENTERS}.csv`]);
    // Logged just after the rename.
    await until(() => written() >= 1);
    expect(written()).toBe(1);
    const kept = await get(server.baseUrl, path('locations.csv', '?type=Centers'));
    expect(kept.status).toBe(200);
    expect(kept.body.equals(first[0]!.body)).toBe(true);
    expect(kept.headers['content-length']).toBe(String(kept.body.length));
    expect(kept.headers['accept-ranges']).toBe('bytes');
    expect(kept.headers['etag']).toMatch(/^W\/"/);
    expect(kept.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(kept.headers['content-disposition']).toBe(`attachment; filename="makan-v${version}-Centers.csv"`);
    expect(kept.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Asked its length alone (as download managers do first): no body.
    const head = await get(server.baseUrl, path('locations.csv', '?type=Centers'), {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(kept.body.length));
    // Compressed for a client that takes it, the same text.
    const zipped = await get(server.baseUrl, path('locations.csv', '?type=Centers'), { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).equals(kept.body)).toBe(true);
    // Its time is the dataset's: the same validators on every server that writes it.
    const meta = (await (await fetch(`${server.baseUrl}/api/meta`)).json()) as DatasetMeta;
    expect(new Date(kept.headers['last-modified']!).getTime()).toBe(
      Math.floor(Date.parse(meta.updatedAt) / 1000) * 1000,
    );
  });

  it('a broken download goes on where it stopped: a range, then the rest under If-Range', async () => {
    const whole = await get(server.baseUrl, path('locations.geojson'));
    await until(() => files().includes(`v${version}-all.geojson`));
    const kept = await get(server.baseUrl, path('locations.geojson'));
    expect(kept.body.equals(whole.body)).toBe(true);
    const cut = Math.floor(kept.body.length / 3);
    const start = await get(server.baseUrl, path('locations.geojson'), {
      range: `bytes=0-${cut - 1}`,
      'accept-encoding': 'gzip, br',
    });
    expect(start.status).toBe(206);
    expect(start.headers['content-encoding']).toBeUndefined();
    expect(start.headers['content-range']).toBe(`bytes 0-${cut - 1}/${kept.body.length}`);
    const rest = await get(server.baseUrl, path('locations.geojson'), {
      range: `bytes=${cut}-`,
      'if-range': kept.headers['etag']!,
    });
    expect(rest.status).toBe(206);
    expect(Buffer.concat([start.body, rest.body]).equals(kept.body)).toBe(true);
    expect(JSON.parse(Buffer.concat([start.body, rest.body]).toString()).type).toBe('FeatureCollection');
    // As a browser resumes (its If-Range holds the date, the tag being weak): the same rest.
    const resumed = await get(server.baseUrl, path('locations.geojson'), {
      range: `bytes=${cut}-`,
      'if-range': kept.headers['last-modified']!,
    });
    expect(resumed.status).toBe(206);
    expect(resumed.body.equals(rest.body)).toBe(true);
    // A copy of something else (another tag) is sent the whole file, not a piece of this one.
    const other = await get(server.baseUrl, path('locations.geojson'), {
      range: `bytes=${cut}-`,
      'if-range': 'W/"1-1"',
    });
    expect(other.status).toBe(200);
    expect(other.body.equals(kept.body)).toBe(true);
    // The client's copy is current: nothing sent.
    const again = await get(server.baseUrl, path('locations.geojson'), { 'if-none-match': kept.headers['etag']! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('hostile ranges: past the end refused (416), unreadable or many at once sent whole', async () => {
    const kept = await get(server.baseUrl, path('locations.csv', '?type=Centers'));
    const past = await get(server.baseUrl, path('locations.csv', '?type=Centers'), {
      range: `bytes=${kept.body.length + 5}-`,
    });
    expect(past.status).toBe(416);
    expect(JSON.parse(past.body.toString())).toMatchObject({ error: 'range_not_satisfiable' });
    const spread = Array.from({ length: 500 }, (_, i) => `${2 * i}-${2 * i}`).join(',');
    for (const range of ['bytes=abc', 'bytes=5-2', 'items=0-10', 'bytes=--1', `bytes=${spread}`]) {
      const answer = await get(server.baseUrl, path('locations.csv', '?type=Centers'), { range });
      expect([200, 416], range.slice(0, 40)).toContain(answer.status);
      if (answer.status === 200) expect(answer.body.equals(kept.body), range.slice(0, 40)).toBe(true);
    }
    // Ranges that overlap are one range.
    const overlapping = await get(server.baseUrl, path('locations.csv', '?type=Centers'), {
      range: `bytes=${'0-9,'.repeat(500)}5-19`,
    });
    expect(overlapping.status).toBe(206);
    expect(overlapping.body.equals(kept.body.subarray(0, 20))).toBe(true);
    const suffix = await get(server.baseUrl, path('locations.csv', '?type=Centers'), { range: 'bytes=-10' });
    expect(suffix.status).toBe(206);
    expect(suffix.body.equals(kept.body.subarray(-10))).toBe(true);
  });

  it('a file of another dataset under this version is never sent, and is written over', async () => {
    // As a database made anew, or restored from a backup, would find one: its version counted again from 1.
    const stranger = join(folder, `v${version}-${typeByRoute('Workshop')!.typeId}.csv`);
    writeFileSync(stranger, 'Guid,NameMakanAmoozeshi\r\nnot,this dataset\r\n');
    const made = await get(server.baseUrl, path('locations.csv', '?type=Workshop'));
    expect(made.status).toBe(200);
    expect(made.headers['accept-ranges']).toBeUndefined();
    expect(made.body.toString()).not.toContain('this dataset');
    await until(() => readFileSync(stranger).equals(made.body));
    expect((await get(server.baseUrl, path('locations.csv', '?type=Workshop'))).headers['accept-ranges']).toBe('bytes');
  });

  it('the routes naming one type share its file (the main offices have two)', async () => {
    const offices = typeByRoute('MainOffice')!.typeId;
    const made = await get(server.baseUrl, path('locations.csv', '?type=MainOffice'));
    await until(() => files().includes(`v${version}-${offices}.csv`));
    const other = await get(server.baseUrl, path('locations.csv', '?type='));
    expect(other.headers['accept-ranges']).toBe('bytes');
    expect(other.body.equals(made.body)).toBe(true);
    expect(files()).not.toContain(`v${version}-.csv`);
  });

  it('asked for its headers alone, a download not kept stops its export at once', async () => {
    const before = lines.length;
    const filtered = path('locations.geojson', '?gender=%D8%B2%D9%86%D8%A7%D9%86%D9%87');
    const heads = await Promise.all(Array.from({ length: 5 }, () => get(server.baseUrl, filtered, {}, 'HEAD')));
    for (const head of heads) {
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    }
    // Not read to its end unseen, as Fastify reads a HEAD's body (server/http/headAnswers.ts).
    await until(() => lines.slice(before).filter((line) => line.includes('its export stopped')).length === 5);
  });

  it('a filtered download is made from the store each time, never kept', async () => {
    const before = files();
    const filtered = await get(
      server.baseUrl,
      path('locations.csv', '?type=Centers&gender=%D8%B2%D9%86%D8%A7%D9%86%D9%87'),
    );
    expect(filtered.status).toBe(200);
    expect(filtered.headers['accept-ranges']).toBeUndefined();
    await new Promise((r) => setTimeout(r, 300));
    expect(files()).toEqual(before);
  });

  it('a client that leaves a download stops its export', async () => {
    const before = lines.length;
    await new Promise<void>((resolve, reject) => {
      const ask = httpRequest(
        `${server.baseUrl}${path('locations.geojson', `?${['زنانه', 'مردانه', 'مختلط'].map((g) => `gender=${encodeURIComponent(g)}`).join('&')}`)}`,
        (answer) => {
          answer.once('data', () => {
            ask.destroy();
            resolve();
          });
        },
      );
      ask.on('error', () => undefined);
      ask.on('close', () => resolve());
      ask.on('timeout', reject);
      ask.end();
    });
    await until(() => lines.slice(before).some((line) => line.includes('its export stopped')));
  });

  it("a new version's files are new, and the old version's are removed", async () => {
    expect(files().some((name) => name.startsWith(`v${version}-`))).toBe(true);
    await reimportType(server, 'Centers', (rows) => void (rows[0]!['NameMakanAmoozeshi'] += ' (renamed)'));
    const old = version;
    for (let i = 0; i < 200; i++) {
      const meta = (await (await fetch(`${server.baseUrl}/api/meta`)).json()) as DatasetMeta;
      if (meta.version !== old) {
        version = meta.version;
        break;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(version).toBeGreaterThan(old);
    expect((await get(server.baseUrl, `/api/downloads/${old}/locations.csv?type=Centers`)).status).toBe(404);
    const made = await get(server.baseUrl, path('locations.csv', '?type=Centers'));
    expect(made.body.toString()).toContain('(renamed)');
    await until(() => files().length === 1 && files()[0] === `v${version}-${CENTERS}.csv`);
    const kept = await get(server.baseUrl, path('locations.csv', '?type=Centers'));
    expect(kept.headers['accept-ranges']).toBe('bytes');
    expect(kept.body.equals(made.body)).toBe(true);
  });

  it('a download made from the store across an import is cut off, never completed with two versions', async () => {
    const real = server.store.exportRecords.bind(server.store);
    let reached!: () => void;
    const midway = new Promise<void>((resolve) => (reached = resolve));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // The download's own export, held after its first rows until the import is applied: the rest is read then.
    vi.spyOn(server.store, 'exportRecords').mockImplementationOnce(async function* (typeId) {
      let count = 0;
      for await (const record of real(typeId)) {
        if (++count === 10) {
          reached();
          await gate;
        }
        yield record;
      }
    });
    // Filtered (so made from the store), with every row passing.
    const everyGender = ['زنانه', 'مردانه', 'مختلط'].map((g) => `gender=${encodeURIComponent(g)}`).join('&');
    const before = lines.length;
    const ended = new Promise<{ complete: boolean; bytes: number }>((resolve, reject) => {
      const ask = httpRequest(`${server.baseUrl}${path('locations.csv', `?type=Centers&${everyGender}`)}`, (answer) => {
        let bytes = 0;
        answer.on('data', (part: Buffer) => (bytes += part.length));
        answer.on('error', () => undefined);
        answer.on('close', () => resolve({ complete: answer.complete, bytes }));
      });
      ask.on('error', reject);
      ask.end();
    });
    await midway;
    const old = version;
    await reimportType(server, 'Centers', (rows) => void (rows[1]!['NameMakanAmoozeshi'] += ' (again)'));
    await until(() => {
      void fetch(`${server.baseUrl}/api/meta`)
        .then((answer) => answer.json())
        .then((meta) => (version = (meta as DatasetMeta).version));
      return version > old;
    });
    open();
    const answer = await ended;
    expect(answer.bytes).toBeGreaterThan(0);
    expect(answer.complete).toBe(false);
    await until(() => lines.slice(before).some((line) => line.includes('download failed midway')));
    // Once, as a failure of the download, not answered again with an error the client can no longer be sent.
    await new Promise((r) => setTimeout(r, 100));
    expect(lines.slice(before).filter((line) => /already sent/i.test(line))).toEqual([]);
  });
});
