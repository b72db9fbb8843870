/** Says, before anything is created or seeded, whether the server could listen where it is told to. */
import { createServer } from 'node:net';
import { StartupError } from './startupError';

export function ensurePortFree(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      const where = `${host}:${port}`;
      if (error.code === 'EADDRINUSE')
        reject(new StartupError(`${where} is already in use: stop what listens there, or set PORT to another port`));
      else if (error.code === 'EACCES')
        reject(
          new StartupError(`no permission to listen on ${where}: use a port above 1023, or run with the rights for it`),
        );
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
        reject(new StartupError(`HOST=${host} is not an address of this machine: set HOST to one of its addresses`));
      else reject(new StartupError(`cannot listen on ${where}: ${error.message}`));
    });
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}
