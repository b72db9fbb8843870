/** A PMTiles archive held in memory, as a source for the `pmtiles` reader (which otherwise fetches ranges). */
import type { RangeResponse, Source } from 'pmtiles';

export class BufferSource implements Source {
  constructor(private readonly bytes: Buffer) {}
  getKey() {
    return 'memory';
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const slice = this.bytes.subarray(offset, offset + length);
    return { data: slice.buffer.slice(slice.byteOffset, slice.byteOffset + slice.length) as ArrayBuffer };
  }
}
