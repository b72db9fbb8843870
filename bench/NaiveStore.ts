/** The search baseline the benchmark compares against: the same store without the search index. */
import type { Db } from '../server/store/sqlite/openDatabase';
import { SqliteStore } from '../server/store/sqlite/SqliteStore';

/** Search without the trigram index: every folded name of the scope is scanned. */
export const naiveStore = (db: Db) => new SqliteStore(db, { searchIndex: false });
