/** The worker side of WorkerClient: answers each request with `handle`'s result (or its error's message). */
import { parentPort, type Transferable } from 'node:worker_threads';

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
      const code = (error as { code?: unknown } | null)?.code;
      port.postMessage({
        id,
        error: error instanceof Error ? error.message : String(error),
        code: typeof code === 'string' ? code : undefined,
      });
    }
  });
}
