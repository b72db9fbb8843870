/**
 * The failover topology takes twenty ports from a first one (deploy/local/cluster.sh). Found free among the ports
 * the kernel hands out itself (to outgoing connections, to `listen(0)`), one was once taken meanwhile by a suite
 * running beside it, and the cluster's server never came up: a run now lies below them.
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ephemeralPortsFrom, freePortRun } from '../support/portRun';

describe('a run of free ports', () => {
  it("lies below the ports the kernel hands out itself, as read from the kernel's setting", async () => {
    const from = ephemeralPortsFrom();
    expect(from).toBeGreaterThan(20_020);
    for (let i = 0; i < 20; i++) {
      const first = await freePortRun(20);
      expect(first).toBeGreaterThanOrEqual(20_000);
      expect(first + 20).toBeLessThanOrEqual(from);
    }
  });

  it('never includes a port a listening socket holds, nor one the kernel hands out for listen(0)', async () => {
    const kernels = createServer();
    await new Promise<void>((resolve) => kernels.listen(0, '127.0.0.1', resolve));
    const given = (kernels.address() as { port: number }).port;
    expect(given).toBeGreaterThanOrEqual(ephemeralPortsFrom());
    const first = await freePortRun(20);
    expect(given < first || given >= first + 20).toBe(true);
    await new Promise((resolve) => kernels.close(resolve));
  });
});
