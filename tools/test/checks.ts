/**
 * `npm test`'s first step: the lint, the format check and the type check, side by side (each is one process
 * and they share nothing), each one's output printed whole when it ends; the step fails if any of them did.
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

const results = await Promise.all(CHECKS.map(run));
for (const { script, code, output, seconds } of results) {
  process.stdout.write(`${code === 0 ? 'passed' : 'FAILED'}: npm run ${script} (${seconds.toFixed(1)} s)\n`);
  if (output.trim()) process.stdout.write(`${output.trimEnd()}\n`);
}
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;
