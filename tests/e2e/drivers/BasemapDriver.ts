/** The basemap as a person sees it: which one is drawn, and the colours it paints where. */
import { expect } from 'vitest';
import type { Page, Response } from 'playwright-core';
import type { AppDriver } from './AppDriver';
import { countInk, type Ink } from './mapInk';

/** Protomaps' light water (128, 222, 234): greener and paler than the bundled sea (158, 202, 225). */
export const VECTOR_WATER_INK: Ink = {
  name: 'vector water',
  matches: (r, g, b) => Math.abs(r - 128) < 14 && Math.abs(g - 222) < 14 && Math.abs(b - 234) < 14,
};

/** The bundled basemap's Iran land (253, 251, 245), what is left where no vector tile arrives. */
export const BUNDLED_LAND_INK: Ink = {
  name: 'bundled land',
  matches: (r, g, b) => r > 248 && g > 246 && b > 238 && b < 250,
};

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

export class BasemapDriver {
  /** Every answer to a basemap range request, in order. */
  readonly archiveAnswers: Response[] = [];

  constructor(
    private readonly app: AppDriver,
    private readonly page: Page,
  ) {
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/basemap/')) this.archiveAnswers.push(response);
    });
  }

  /**
   * Waits until the map says which basemap it drew ("bundled" or "vector"), and returns it: once the archive's first
   * tiles are drawn, or at once when the archive is refused. Drawing waits on software WebGL, which a loaded
   * machine slows, so the wait is the file's test timeout's share, not a tight one.
   */
  async drawn(): Promise<string> {
    await expect
      .poll(() => this.app.map().getAttribute('data-basemap'), { timeout: 60_000 })
      .toMatch(/^(bundled|vector)$/);
    return (await this.app.map().getAttribute('data-basemap'))!;
  }

  /** The share of a box's pixels (inside the map, on screen now) painted in `ink`. */
  async shareOf(ink: Ink, box: Box): Promise<number> {
    const map = (await this.app.map().boundingBox())!;
    const nw = await this.app.pagePointOf(box.north, box.west);
    const se = await this.app.pagePointOf(box.south, box.east);
    const region = { x: nw.x - map.x + 4, y: nw.y - map.y + 4, width: se.x - nw.x - 8, height: se.y - nw.y - 8 };
    const { pixels } = await countInk(this.app.map(), ink, region);
    return pixels / (region.width * region.height);
  }
}
