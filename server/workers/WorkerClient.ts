/**
 * A long-lived worker thread answering requests in order: `call` posts one and resolves with its answer.
 * A worker that dies fails what it had pending and is started again on the next call.
 */
import { Worker, type ResourceLimits, type Transferable } from 'node:worker_threads';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export interface WorkerAnswer {
  id: number;
  result?: unknown;
  error?: string;
  /** The error's code (SQLITE_READONLY, EACCES, ...), where it had one. */
  code?: string;
}

/** A worker thread does not inherit tsx: from source, its module is loaded through this. */
const BOOTSTRAP = new URL('./bootstrap.mjs', import.meta.url);

export class WorkerClient<Request extends object> {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  /** `entry`: the worker module's URL (workerEntries.ts; it answers with `serveRequests`). */
  constructor(
    private readonly entry: URL,
    private readonly name: string,
    /** The worker's heap, bounded: past it the worker stops with ERR_WORKER_OUT_OF_MEMORY, failing its requests. */
    private readonly resourceLimits?: ResourceLimits,
  ) {}

  /** Requests posted and not yet answered. */
  get busy(): number {
    return this.pending.size;
  }

  call<Result>(request: Request, transfer: Transferable[] = []): Promise<Result> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<Result>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, request }, transfer);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failPending(new Error(`${this.name} worker closed`));
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const fromSource = this.entry.pathname.endsWith('.ts');
    const worker = new Worker(fromSource ? BOOTSTRAP : this.entry, {
      workerData: { entry: this.entry.href },
      name: this.name,
      resourceLimits: this.resourceLimits,
    });
    // Idle workers never keep the process alive.
    worker.unref();
    worker.on('message', (answer: WorkerAnswer) => {
      const pending = this.pending.get(answer.id);
      if (!pending) return;
      this.pending.delete(answer.id);
      if (answer.error !== undefined) pending.reject(Object.assign(new Error(answer.error), { code: answer.code }));
      else pending.resolve(answer.result);
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failPending(error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`${this.name} worker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private failPending(error: Error): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
