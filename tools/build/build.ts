/**
 * `npm start`'s build step (and `npm run build`, with --always): the client into dist/ and the server into
 * dist-server/, each unless its folder already holds the build of these very sources and settings.
 * `--server`: the server alone (`npm run serve`, which serves whatever client dist/ holds).
 */
import { resolve } from 'node:path';
import { ensureClientBuild } from './clientBuild';
import { ensureServerBuild } from './serverBuild';

const always = process.argv.includes('--always');
const say = (what: string, dir: string, outcome: 'built' | 'up to date') =>
  process.stdout.write(
    outcome === 'built'
      ? `makan: ${what} built into ${dir}/\n`
      : `makan: ${what} in ${dir}/ is up to date, not rebuilt\n`,
  );

if (!process.argv.includes('--server'))
  say('client', 'dist', await ensureClientBuild({ root: resolve('.'), outDir: resolve('dist'), always }));
say('server', 'dist-server', await ensureServerBuild({ root: resolve('.'), outDir: resolve('dist-server'), always }));
