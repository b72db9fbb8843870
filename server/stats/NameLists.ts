/**
 * The list dialog's names of one type in one province (or all), as the JSON the route answers, kept per dataset
 * version once made: the All list of a large type is hundreds of thousands of names (tens of MB), too many to
 * make on every opening. They are read from the type's points in memory in the order the name order gives
 * (nameOrder.ts, made off the event loop, and made anyway while warming), a batch at a time within the event
 * loop's budget for bulk work (exportPacer.ts). They were read from the store and sorted at once: at a million
 * locations the All list of a type held every other request 1.2 s, and one province's 0.7 s.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { NO_FILTERS, type Filters } from '../../domain/filters';
import { pacedPieces } from '../exporter/exportPacer';
import type { NameOrders } from '../points/NameOrders';
import type { PointIndex } from '../points/PointIndex';
import { filterHash, filterOf, inScope, provinceKey } from '../points/pointScans';
import { locationOf } from '../points/TypePoints';
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

/** Points looked at between two asks of the bulk work's budget: well within its 2 ms. */
const NAMES_PER_BATCH = 100;
const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((text) => Buffer.from(text)) as [Buffer, Buffer, Buffer];

export class NameLists {
  private readonly lists = new PerTypeCache((key, filters: Filters) => this.build(key, filters), {
    limit: LISTS_MEMORY_BYTES,
    weigh: (list: NameList) => list.json.length + list.br.length + list.gzip.length,
  });

  constructor(
    private readonly points: PointIndex,
    private readonly nameOrders: NameOrders,
  ) {}

  /** `provinceIso` null: every province; the filters narrow it. */
  get(typeId: string, provinceIso: string | null, filters: Filters = NO_FILTERS): Promise<NameList> {
    const key = [typeId, provinceIso ?? '', filterHash(filters)].join(SEPARATOR).toUpperCase();
    return this.lists.get(key, filters);
  }

  /** Forgets every list: the data they were read from has changed. */
  clear(): void {
    this.lists.clear();
  }

  private async build(key: string, filters: Filters): Promise<NameList> {
    const [typeId, provinceIso] = key.split(SEPARATOR) as [string, string];
    const points = await this.points.get(typeId);
    const { order } = await this.nameOrders.of(points);
    const [province, filter] = [provinceKey(provinceIso === '' ? null : provinceIso), filterOf(points, filters)];
    // The JSON array written a batch of names at a time: each batch's own JSON, its brackets left out, as bytes
    // (one string of a whole list, then its bytes, held the loop some 60 ms at a million locations).
    const parts: Buffer[] = [];
    const batches = pacedPieces(order.length, NAMES_PER_BATCH, (from, to) => {
      const names: string[] = [];
      for (const id of order.subarray(from, to))
        if (inScope(points, id, province, filter)) names.push(locationOf(points, id).Name);
      return names.length > 0 ? Buffer.from(JSON.stringify(names).slice(1, -1)) : undefined;
    });
    for await (const batch of batches) parts.push(COMMA, batch);
    const json = Buffer.concat([OPEN, ...parts.slice(1), CLOSE]);
    // Compressed in libuv's thread pool, off the event loop.
    const [br, gz] = await Promise.all([
      brotli(json, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
      }),
      gzipped(json),
    ]);
    return { version: points.version, json, br, gzip: gz };
  }
}
