/**
 * The list dialog's names of one type in one province (or all), as the JSON the route answers, sorted and
 * compressed once per dataset version and kept: the All list of a large type is hundreds of thousands of
 * names (tens of MB), too many to read, sort and compress on every opening. The store gives them in its
 * Persian sort key's order, so the final sort by the spec's collation has little left to move.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { NO_FILTERS, type Filters } from '../../domain/filters';
import { compareNames } from '../../domain/text';
import type { PointIndex } from '../points/PointIndex';
import { filterHash, filterOf, namesOf } from '../points/pointScans';
import type { LocationStore } from '../store/LocationStore';
import { PerTypeCache } from '../derived/perTypeCache';

const SEPARATOR = '|';
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export interface NameList {
  version: number;
  json: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * What the kept lists may hold together: a chart view prepares its type's list, so without a bound every
 * type and province read would stay. About 10M names' worth (JSON, brotli and gzip); beyond it the least
 * recently used lists are dropped and read again when asked for.
 */
const LISTS_MEMORY_BYTES = 512 * 1024 * 1024;

export class NameLists {
  private readonly lists = new PerTypeCache((key, filters: Filters) => this.build(key, filters), {
    limit: LISTS_MEMORY_BYTES,
    weigh: (list: NameList) => list.json.length + list.br.length + list.gzip.length,
  });

  constructor(
    private readonly store: LocationStore,
    private readonly points: PointIndex,
  ) {}

  /** `provinceIso` null: every province. A filtered list is read from the type's points in memory. */
  get(typeId: string, provinceIso: string | null, filters: Filters = NO_FILTERS): Promise<NameList> {
    const key = [typeId, provinceIso ?? '', filterHash(filters)].join(SEPARATOR).toUpperCase();
    return this.lists.get(key, filters);
  }

  /** Forgets every list: the data they were read from has changed. */
  clear(): void {
    this.lists.clear();
  }

  private async readNames(key: string, filters: Filters): Promise<{ version: number; names: string[] }> {
    const [typeId, provinceIso] = key.split(SEPARATOR) as [string, string];
    const province = provinceIso === '' ? null : provinceIso;
    // A filtered list's key ends with its filters' hash; the whole type's list is the store's.
    if (!key.endsWith(SEPARATOR)) {
      const points = await this.points.get(typeId);
      return { version: points.version, names: namesOf(points, province, filterOf(points, filters)) };
    }
    const { version } = await this.store.meta();
    return { version, names: await this.store.namesOf(typeId, province) };
  }

  private async build(key: string, filters: Filters): Promise<NameList> {
    const { version, names } = await this.readNames(key, filters);
    const json = Buffer.from(JSON.stringify(names.sort(compareNames)));
    // Compressed in libuv's thread pool, off the event loop.
    const [br, gz] = await Promise.all([
      brotli(json, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
      }),
      gzipped(json),
    ]);
    return { version, json, br, gzip: gz };
  }
}
