/**
 * The server as `npm start` runs it: built by esbuild into plain JavaScript (tools/build/serverBuild.ts), its worker
 * threads loaded as built modules, with no TypeScript loader in any process or thread.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClusterItem } from '../../domain/gateway';
import { typeByRoute } from '../../domain/locationTypes';
import { WORKER_ENTRIES } from '../../server/workers/workerEntries';
import {
  SCRIPT_ENTRIES,
  SERVER_SOURCE_DIRS,
  serverBuildOptions,
  serverInputsDigest,
  workerModules,
} from '../../tools/build/serverBuild';
import { benchExtra } from '../../bench/benchBuild';
import { copySeededSqlite } from '../support/seededDatabases';
import { runServer, type ServerRun } from '../support/serverProcess';
import { freePort } from '../../tools/postgres/cluster';

describe('what the server is built from', () => {
  it('every worker module is an entry of the build, and the server names each one', () => {
    expect(workerModules('.')).toEqual([...WORKER_ENTRIES].sort());
  });

  it('every file of the project the bundle reads lies in the folders its stamp covers', async () => {
    const { build } = await import('esbuild');
    const result = await build({
      ...serverBuildOptions('.', join(tmpdir(), 'makan-unused')),
      write: false,
      metafile: true,
    });
    const ours = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith('node_modules/'));
    expect(ours.length).toBeGreaterThan(100);
    const outside = ours.filter((file) => !SERVER_SOURCE_DIRS.some((dir) => file.startsWith(`${dir}/`)));
    expect(outside).toEqual([]);
  });

  it("the benchmarks' servers, bundled beside it, read nothing of their own the stamp leaves out", async () => {
    const { build } = await import('esbuild');
    const extra = benchExtra();
    const result = await build({
      ...serverBuildOptions('.', join(tmpdir(), 'makan-unused'), extra),
      write: false,
      metafile: true,
    });
    const outputs = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
    expect(outputs.map((file) => file.split('/').pop()).sort()).toEqual(
      ['main', ...SCRIPT_ENTRIES, ...WORKER_ENTRIES, 'serve', 'plainServer', 'clusterServe']
        .map((name) => `${name}.js`)
        .sort(),
    );
    const ours = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith('node_modules/'));
    const outside = ours.filter(
      (file) => !SERVER_SOURCE_DIRS.some((dir) => file.startsWith(`${dir}/`)) && !extra.files.includes(file),
    );
    expect(ours).toContain('bench/NaiveStore.ts');
    expect(outside).toEqual([]);
  });

  describe('its stamp', () => {
    let root: string;
    const write = (file: string, text: string) => {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    };
    beforeAll(() => {
      root = mkdtempSync(join(tmpdir(), 'makan-server-build-'));
      write('server/main.ts', 'export {};');
      write('domain/rule.ts', 'export {};');
      write('src/main.tsx', 'export {};');
      write('package-lock.json', '{}');
    });
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it('changes with the server, the domain or the locked packages, not with the client or the docs', () => {
      const first = serverInputsDigest(root);
      write('src/main.tsx', 'export const changed = 1;');
      write('README.md', '# notes');
      expect(serverInputsDigest(root)).toBe(first);
      for (const [file, text] of [
        ['server/main.ts', 'export const changed = 1;'],
        ['server/new.ts', 'export {};'],
        ['domain/rule.ts', 'export const changed = 1;'],
        ['package-lock.json', '{"lockfileVersion":3}'],
      ] as const) {
        const before = serverInputsDigest(root);
        write(file, text);
        expect(serverInputsDigest(root), file).not.toBe(before);
      }
    });
  });
});

describe('the built server', () => {
  let dir: string;
  let run: ServerRun;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'makan-built-'));
    await copySeededSqlite(1000, join(dir, 'makan.db'));
    run = await runServer({ MAKAN_DB: join(dir, 'makan.db'), PORT: String(await freePort()), MAKAN_WORKERS: '1' });
  });
  afterAll(async () => {
    await run?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('warms and answers through its worker threads, and says nothing went wrong', async () => {
    expect(run.url, run.stderr).not.toBeNull();
    const academy = typeByRoute('Academy')!;
    const clusters = (await (
      await fetch(
        `${run.url}api/TVTOBase/OrglocationMap/${academy.typeId}?zoom=6&minLat=20&minLon=40&maxLat=42&maxLon=66`,
      )
    ).json()) as ClusterItem[];
    expect(clusters.reduce((sum, c) => sum + c.Count, 0)).toBeGreaterThan(0);
    const health = (await (await fetch(`${run.url}api/health`)).json()) as { status: string };
    expect(health.status).toBe('ready');
    // A worker thread that cannot load says so as a warning (level 40) and the server goes on without it.
    const complaints = run.stdout.split('\n').filter((line) => /"level":(40|50|60)/.test(line));
    expect(complaints).toEqual([]);
    expect(run.stderr).toBe('');
  });
});
