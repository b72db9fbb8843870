/**
 * A vector basemap the organisation keeps itself: a PMTiles archive (one file, read by the map with range
 * requests) named by MAKAN_BASEMAP. It is served under a name made from its size and time of change, so a
 * browser may keep its ranges for a year and a replaced file is never mixed with the old one's ranges.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { StartupError } from '../startupError';

export interface BasemapFile {
  /** The file on disk, resolved. */
  file: string;
  /** Its name in BASEMAP_PATH, e.g. `iran-3f2a9c1b0d4e.pmtiles`. */
  name: string;
  size: number;
}

const MAGIC = 'PMTiles';
const VERSION = 3;
const HEADER_BYTES = 127;

/** Opens and checks the file MAKAN_BASEMAP names; a missing or foreign file stops the start with the reason. */
export function openBasemap(raw: string): BasemapFile {
  const file = resolve(raw);
  const problem = (why: string) =>
    new StartupError(
      `MAKAN_BASEMAP="${raw}": ${why}; name a PMTiles (version 3) file, for example an Iran extract made with \`pmtiles extract\` (see the README), or unset it`,
    );
  let size: number;
  let mtimeMs: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw problem('is not a file');
    ({ size, mtimeMs } = stat);
  } catch (error) {
    if (error instanceof StartupError) throw error;
    throw problem('cannot be read');
  }
  const header = Buffer.alloc(HEADER_BYTES);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, header, 0, HEADER_BYTES, 0);
  } finally {
    closeSync(fd);
  }
  if (size < HEADER_BYTES || header.toString('latin1', 0, MAGIC.length) !== MAGIC) {
    throw problem('is not a PMTiles archive');
  }
  if (header[7] !== VERSION) throw problem(`is PMTiles version ${header[7]}, not ${VERSION}`);
  const tag = createHash('sha256').update(`${size}:${mtimeMs}`).update(header).digest('hex').slice(0, 12);
  return { file, name: `basemap-${tag}.pmtiles`, size };
}
