/** A worker for WorkerClient's tests: echoes, fails, or dies, as asked. */
import { serveRequests } from '../../server/workers/serveRequests';

export type TestWorkerRequest = { op: 'echo'; value: unknown } | { op: 'fail'; message: string } | { op: 'die' };

serveRequests<TestWorkerRequest>((request) => {
  if (request.op === 'echo') return { result: request.value };
  if (request.op === 'fail') throw new Error(request.message);
  process.exit(3);
});
