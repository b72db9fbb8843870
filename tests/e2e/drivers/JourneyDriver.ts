/**
 * A visitor's way across screens (given / when / then), checking at each return to the map what it has
 * drawn, not only what its machine holds: the same canvas (so the same WebGL context), the same camera, and
 * the bubbles' or pins' pixels where they were.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { AppDriver, MapState } from './AppDriver';
import { FindDriver } from './FindDriver';
import { countInk, type Ink, type InkCount } from './mapInk';
import { StatsDriver } from './StatsDriver';
import { fa } from '../../../src/i18n/fa';

/** What the map showed when the visitor left it. */
export interface MapPicture {
  state: MapState;
  /** The colour counted: the bubbles' or the pins'. */
  ink: Ink;
  drawn: InkCount;
  /** Locations the status bar counts in view. */
  inView: number;
}

export class JourneyDriver {
  readonly stats: StatsDriver;
  readonly find: FindDriver;

  constructor(
    readonly app: AppDriver,
    readonly page: Page,
  ) {
    this.stats = new StatsDriver(page);
    this.find = new FindDriver(page);
  }

  /** Opens `path` and waits until the map rests with something drawn in `ink`. */
  async givenTheMapAt(path: string, ink: Ink, settled: (s: MapState) => boolean = () => true): Promise<MapPicture> {
    await this.app.open(path);
    const state = await this.app.waitForMap('settled', settled);
    await this.tagCanvas();
    return this.picture(state, ink);
  }

  /** Marks MapLibre's canvas, so a later check can tell whether the map was made again. */
  async tagCanvas(): Promise<void> {
    await this.app
      .map()
      .locator('canvas.maplibregl-canvas')
      .evaluate((canvas: HTMLCanvasElement) => (canvas.dataset['journey'] = 'first'));
  }

  async picture(state: MapState, ink: Ink): Promise<MapPicture> {
    // One frame after the state says drawn, so the screenshot holds it.
    await this.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    return { state, ink, drawn: await countInk(this.app.map(), ink), inView: await this.app.markersInView() };
  }

  async whenTheStatisticsAreOpened(): Promise<void> {
    await this.app.tab(fa.tabStats).click();
    await this.stats.waitReady();
    await this.stats.chartSvg('column-card').waitFor();
  }

  /** Clicks a province's column and waits for its whole list; returns how many names it lists. */
  async whenAProvinceListIsOpened(provinceFa: string): Promise<number> {
    await this.stats.column(provinceFa).click();
    await this.stats.waitForWholeList();
    return this.stats.listCount();
  }

  async whenTheListIsClosed(): Promise<void> {
    const dialog = this.stats.listDialog();
    await dialog.getByRole('button', { name: fa.close }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  async whenTheMapTabIsChosen(): Promise<void> {
    await this.app.tab(fa.tabMap).click();
    await this.app.map().waitFor({ state: 'visible' });
  }

  /** A window resize or a phone's rotation, as the browser reports it. */
  async whenTheWindowBecomes(width: number, height: number): Promise<void> {
    await this.page.setViewportSize({ width, height });
    await this.page.waitForFunction(([w, h]) => window.innerWidth === w && window.innerHeight === h, [
      width,
      height,
    ] as const);
  }

  /** The map was not made again: its canvas (and so its WebGL context) is the one first drawn. */
  async thenTheMapIsTheSameMap(): Promise<void> {
    const canvases = this.app.map().locator('canvas.maplibregl-canvas');
    expect(await canvases.count(), 'one MapLibre canvas').toBe(1);
    expect(await canvases.getAttribute('data-journey'), 'the canvas the map was first drawn on').toBe('first');
  }

  /**
   * Back on the map: it rests where the visitor left it, and draws what it drew then (within a tenth of the
   * pixels: labels and tiles may settle differently), filling its whole frame.
   */
  async thenTheMapDrawsAsBefore(before: MapPicture): Promise<MapPicture> {
    await this.thenTheMapIsTheSameMap();
    const state = await this.app.waitForMap('settled');
    expect(state.zoom, 'zoom kept').toBeCloseTo(before.state.zoom, 3);
    expect(state.latitude, 'centre kept').toBeCloseTo(before.state.latitude, 4);
    expect(state.longitude, 'centre kept').toBeCloseTo(before.state.longitude, 4);
    await this.thenTheCanvasFillsTheMap();
    let now = await this.picture(state, before.ink);
    expect(now.inView, 'the status bar counts the same locations').toBe(before.inView);
    // A map shown again is given its size back and redrawn in a frame of its own, which a screenshot can
    // precede: read it until it has drawn (the state says nothing more to wait for), never a fixed wait.
    await expect
      .poll(async () => (now = await this.picture(state, before.ink)).drawn.pixels, {
        message: `${before.ink.name} pixels drawn again`,
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(Math.floor(before.drawn.pixels * 0.9));
    return now;
  }

  /** Whatever the window did meanwhile, the map draws its markers or bubbles into a canvas its own size. */
  async thenTheMapDraws(ink: Ink, atLeast: number): Promise<MapPicture> {
    await this.thenTheMapIsTheSameMap();
    const state = await this.app.waitForMap('settled');
    await this.thenTheCanvasFillsTheMap();
    const now = await this.picture(state, ink);
    expect(now.drawn.pixels, `${ink.name} pixels drawn`).toBeGreaterThanOrEqual(atLeast);
    return now;
  }

  async thenTheCanvasFillsTheMap(): Promise<void> {
    await expect
      .poll(
        async () => {
          const frame = (await this.app.map().boundingBox())!;
          const canvas = (await this.app.map().locator('canvas.maplibregl-canvas').boundingBox())!;
          return Math.abs(frame.width - canvas.width) <= 1 && Math.abs(frame.height - canvas.height) <= 1;
        },
        { message: 'the canvas fills the map frame' },
      )
      .toBe(true);
  }
}
