/**
 * `npm start`'s build step (and `npm run build`, with --always): the client into dist/ and the server into
 * dist-server/, each unless its folder already holds the build of these very sources and settings.
 * `--server`: the server alone (`npm run serve`, which serves whatever client dist/ holds).
 */
import { resolve } from 'node:path';
import { ensureClientBuild } from './clientBuild';
import { ensureServerBuild } from './serverBuild';

const always = process.argv.includes('--always');
if (!process.argv.includes('--server')) {
  const client = await ensureClientBuild({ root: resolve('.'), outDir: resolve('dist'), always });
  process.stdout.write(
    client === 'built' ? 'makan: client built into dist/\n' : 'makan: client in dist/ is up to date, not rebuilt\n',
  );
}
const server = await ensureServerBuild({ root: resolve('.'), outDir: resolve('dist-server'), always });
process.stdout.write(
  server === 'built'
    ? 'makan: server built into dist-server/\n'
    : 'makan: server in dist-server/ is up to date, not rebuilt\n',
);
