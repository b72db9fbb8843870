/** A run of free ports on 127.0.0.1, for a topology that takes its ports from a first one (deploy/local/cluster.sh). */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** Where a run may start: above the ports services commonly take (PostgreSQL, bench/'s servers, development). */
const UNASSIGNED_FROM = 20_000;

/**
 * The first port the kernel hands out on its own: to every outgoing connection and every `listen(0)` (the test
 * servers, PostgreSQL's), while the suites run beside each other. A run found free there could be taken by one of
 * them before the topology binds it, which then never comes up; below it, nothing takes a port unasked.
 */
export function ephemeralPortsFrom(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return Number(low) || 32_768;
  } catch {
    return 32_768;
  }
}

/** The first of `count` consecutive free ports, from a random place below the ports the kernel hands out itself. */
export async function freePortRun(count: number): Promise<number> {
  const below = ephemeralPortsFrom() - count;
  if (below <= UNASSIGNED_FROM) throw new Error(`no room for ${count} ports below the kernel's own (${below + count})`);
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = UNASSIGNED_FROM + Math.floor(Math.random() * (below - UNASSIGNED_FROM));
    let free = true;
    for (let port = first; port < first + count && free; port++) free = await isFree(port);
    if (free) return first;
  }
  throw new Error(`no ${count} consecutive free ports found`);
}
