/** The search baseline the benchmark compares against: the same store without the search index. */
import type { SearchQuery, SearchRow } from '../server/store/LocationStore';
import { SqliteStore } from '../server/store/sqlite/SqliteStore';

export class NaiveStore extends SqliteStore {
  /** Search without the trigram index: every folded name of the scope is scanned. */
  override async search(query: SearchQuery): Promise<SearchRow[]> {
    return this.searchWith(false, query);
  }
}
