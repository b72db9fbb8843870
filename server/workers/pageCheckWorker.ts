/** Runs a large SQLite file's deferred page check (a read of the whole file) away from the event loop. */
import { pageCheckOf } from '../store/sqlite/openDatabase';
import { serveRequests } from './serveRequests';

export interface PageCheckRequest {
  file: string;
}

serveRequests<PageCheckRequest>(({ file }) => ({ result: pageCheckOf(file) }));
