/**
 * `npm start`'s first step, before the client is built: the settings are read and the port is tried, so a
 * wrong MAKAN_DB or a port in use is said at once (one `makan: …` line, exit 1) rather than after a build.
 * The server checks both again when it starts.
 */
import { readConfig } from '../config';
import { ensurePortFree } from '../portCheck';
import { StartupError } from '../startupError';

try {
  const config = readConfig();
  await ensurePortFree(config.host, config.port);
} catch (error) {
  const message = error instanceof StartupError ? error.message : `could not start: ${(error as Error).message}`;
  process.stderr.write(`makan: ${message}\n`);
  process.exitCode = 1;
}
