/** The baseline the benchmark compares against: the same store with no spatial index for boxes and no search index. */
import type { Box, PointRow, SearchQuery, SearchRow } from '../server/store/LocationStore';
import type { Db } from '../server/store/sqlite/openDatabase';
import { SqliteStore } from '../server/store/sqlite/SqliteStore';

export class NaiveStore extends SqliteStore {
  private readonly scan;

  constructor(db: Db) {
    super(db);
    // The (type_id, province_id) index narrows to the type; the box is then a scan of every row of that type.
    this.scan = db.prepare(
      'SELECT lat, lon, name, guid FROM location WHERE type_id = @type AND lat BETWEEN @minLat AND @maxLat AND lon BETWEEN @minLon AND @maxLon LIMIT @limit',
    );
  }

  /** Search without the trigram index: every folded name of the scope is scanned. */
  override async search(query: SearchQuery): Promise<SearchRow[]> {
    return this.searchWith(false, query);
  }

  override async locationsInBox(typeId: string, box: Box, limit: number): Promise<PointRow[]> {
    return this.scan.all({ type: this.typeKey(typeId), ...box, limit }) as PointRow[];
  }
}
