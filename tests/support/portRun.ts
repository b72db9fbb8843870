/** A run of free ports on 127.0.0.1, for a topology that takes its ports from a first one (deploy/local/cluster.sh). */
import { createServer } from 'node:net';

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** The first of `count` consecutive free ports, from a random place in the unprivileged, unassigned range. */
export async function freePortRun(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = 20_000 + Math.floor(Math.random() * 20_000);
    let free = true;
    for (let port = first; port < first + count && free; port++) free = await isFree(port);
    if (free) return first;
  }
  throw new Error(`no ${count} consecutive free ports found`);
}
