/** The worker side of WorkerClient: answers each request with `handle`'s result (or its error's message). */
import { parentPort, type Transferable } from 'node:worker_threads';
import { unwritableCode } from '../store/unwritable';

export interface Handled {
  result: unknown;
  transfer?: Transferable[];
}

export function serveRequests<Request>(handle: (request: Request) => Handled | Promise<Handled>): void {
  const port = parentPort;
  if (!port) throw new Error('serveRequests runs in a worker thread');
  port.on('message', async ({ id, request }: { id: number; request: Request }) => {
    try {
      const { result, transfer } = await handle(request);
      port.postMessage({ id, result }, transfer ?? []);
    } catch (error) {
      // A database's refusal as its database code (a desk write's refusal too), so the caller knows it for one.
      const code = unwritableCode(error) ?? (error as { code?: unknown } | null)?.code;
      port.postMessage({
        id,
        error: error instanceof Error ? error.message : String(error),
        code: typeof code === 'string' ? code : undefined,
      });
    }
  });
}
