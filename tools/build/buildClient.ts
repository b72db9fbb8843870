/**
 * `npm start`'s build step (and `npm run build`, with --always): the client into dist/, unless dist/ already
 * holds the build of these very sources and settings.
 */
import { resolve } from 'node:path';
import { ensureClientBuild } from './clientBuild';

const outcome = await ensureClientBuild({
  root: resolve('.'),
  outDir: resolve('dist'),
  always: process.argv.includes('--always'),
});
process.stdout.write(
  outcome === 'built' ? 'makan: client built into dist/\n' : 'makan: client in dist/ is up to date, not rebuilt\n',
);
