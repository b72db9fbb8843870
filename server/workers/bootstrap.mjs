// A worker thread's entry: lets it load the TypeScript module named in workerData.entry (the server runs
// from source through tsx, which a worker thread does not inherit).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
