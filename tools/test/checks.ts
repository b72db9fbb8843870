/**
 * The lint, the format check and the type check, side by side (each is one process and they share nothing),
 * each one's output printed whole when it ends; fails if any of them did. `npm run checks` runs them alone;
 * `npm test` runs them beside the test suites (`--with-tests`): the suites' first minutes are spent mostly
 * waiting on servers and PostgreSQL, so the checks' half-minute of work takes almost nothing from the run's
 * length. The suites' output streams as it comes; the checks' is printed when they end.
 */
import { spawn } from 'node:child_process';

const CHECKS = ['lint', 'format:check', 'typecheck'] as const;

function run(script: string): Promise<{ script: string; code: number; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) =>
      done({ script, code: code ?? 1, output, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

/** The test suites, their output straight through. */
function runTests(): Promise<number> {
  return new Promise((done) => {
    // Anything after `npm test --` goes to Vitest (a file, a project, a name filter).
    const asked = process.argv.slice(2).filter((arg) => arg !== '--with-tests');
    const child = spawn('npx', ['vitest', 'run', ...asked], { stdio: 'inherit' });
    child.on('close', (code) => done(code ?? 1));
  });
}

const withTests = process.argv.includes('--with-tests');
const [results, testsCode] = await Promise.all([
  Promise.all(CHECKS.map(run)).then((done) => {
    for (const { script, code, output, seconds } of done) {
      process.stdout.write(`${code === 0 ? 'passed' : 'FAILED'}: npm run ${script} (${seconds.toFixed(1)} s)\n`);
      if (output.trim()) process.stdout.write(`${output.trimEnd()}\n`);
    }
    return done;
  }),
  withTests ? runTests() : Promise.resolve(0),
]);
const failedChecks = results.filter((r) => r.code !== 0).map((r) => `npm run ${r.script}`);
if (withTests && failedChecks.length > 0)
  process.stdout.write(`\nFAILED beside the tests: ${failedChecks.join(', ')}\n`);
process.exitCode = failedChecks.length > 0 || testsCode !== 0 ? 1 : 0;
