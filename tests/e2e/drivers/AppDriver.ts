/** Drives the app like a person does, and reads its state from what the page exposes (maputnik-style driver). */
import type { Page, Request } from 'playwright-core';
import type { ViewportBounds } from '../../../domain/wire/requests';
import { SPEC_TILE_SIZE } from '../../../domain/zoom';
import { MAP_BUTTONS_CLASS } from '../../../src/map/coveredSides';

export interface MapState {
  state: string;
  layersLoaded: boolean;
  /** MapLibre loaded its style and the view was reported. */
  mapLoaded: boolean;
  /** The server page's picture still in the map's box (it gives way once the map has drawn). */
  pictureShown: boolean;
  markers: number;
  /** How markers are drawn: pins, or dots when the load is dense. */
  markerForm: string;
  clusters: number;
  /** Markers drawn as pins or dots (a fixed type seen from afar groups some into bubbles). */
  pins: number;
  zoom: number;
  latitude: number;
  longitude: number;
}

/** Web Mercator world size in CSS px at a spec zoom (256-px tiles), the zoom the map reports. */
const worldSize = (zoom: number) => SPEC_TILE_SIZE * 2 ** zoom;
const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

/** Where on the page the map, framed by `box` and showing `camera`, draws the point `lat`, `lon`. */
function pointOnMap(
  box: { x: number; y: number; width: number; height: number },
  camera: Pick<MapState, 'zoom' | 'latitude' | 'longitude'>,
  lat: number,
  lon: number,
): { x: number; y: number } {
  const size = worldSize(camera.zoom);
  const dx = ((lon - camera.longitude) / 360) * size;
  const dy = -((mercatorY(lat) - mercatorY(camera.latitude)) / (2 * Math.PI)) * size;
  return { x: box.x + box.width / 2 + dx, y: box.y + box.height / 2 + dy };
}

/** Every box the map's data was asked for in a page's life, kept in the page as the map says it (`data-bounds`). */
function noteAskedBounds() {
  const seen: string[] = [];
  (window as unknown as { __askedBounds: string[] }).__askedBounds = seen;
  new MutationObserver((changes) => {
    for (const change of changes) {
      const bounds = (change.target as HTMLElement).dataset['bounds'];
      if (bounds && seen.at(-1) !== bounds) seen.push(bounds);
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-bounds'] });
}

const boundsOf = (text: string): ViewportBounds => {
  const [MinLon, MinLat, MaxLon, MaxLat] = text.split(',').map(Number) as [number, number, number, number];
  return { MinLon, MinLat, MaxLon, MaxLat };
};

export class AppDriver {
  readonly apiRequests: Request[] = [];
  private readonly observing: Promise<unknown>;

  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) this.apiRequests.push(request);
    });
    this.observing = page.addInitScript(noteAskedBounds);
  }

  async open(path: string): Promise<void> {
    await this.observing;
    await this.page.goto(this.baseUrl + path);
    await this.page.waitForSelector('.app');
  }

  /**
   * Takes the open app to `path` as its own links do (wouter's navigate is history.pushState), without loading the
   * page again: a route's screen is drawn from the same route table whichever way it is reached. The screen is
   * drawn after this returns: the caller waits for what it expects of it.
   */
  async goWithinApp(path: string): Promise<void> {
    await this.page.evaluate((to) => history.pushState(null, '', to), path);
  }

  map() {
    return this.page.getByTestId('map');
  }

  async mapState(): Promise<MapState> {
    const [data, pictureShown] = await this.map().evaluate((el: HTMLElement) => [
      { ...el.dataset },
      el.querySelector('[data-testid="server-map-picture"]') !== null,
    ]);
    const [latitude, longitude] = (data['center'] ?? 'NaN,NaN').split(',').map(Number) as [number, number];
    return {
      state: data['state'] ?? '',
      layersLoaded: data['layersLoaded'] === 'true',
      mapLoaded: data['mapLoaded'] === 'true',
      pictureShown,
      markers: Number(data['markers']),
      markerForm: data['markerForm'] ?? '',
      clusters: Number(data['clusters']),
      pins: Number(data['pins']),
      zoom: Number(data['zoom']),
      latitude,
      longitude,
    };
  }

  /**
   * Waits until the map's data machine rests in `state` (e.g. "idle", "ready"; "settled" for either, whatever
   * the type's load mode), drawn, with the predicate true.
   */
  async waitForMap(
    state: string,
    predicate: (s: MapState) => boolean = () => true,
    timeout = 30_000,
  ): Promise<MapState> {
    const started = Date.now();
    const names = state === 'settled' ? ['idle', 'ready'] : [state];
    for (;;) {
      const current = await this.mapState();
      const inState = names.some((name) => current.state.includes(`"${name}"`));
      if (inState && current.mapLoaded && current.layersLoaded && !current.pictureShown && predicate(current))
        return current;
      if (Date.now() - started > timeout)
        throw new Error(`map never reached ${state}; last ${JSON.stringify(current)}`);
      await this.page.waitForTimeout(100);
    }
  }

  /** How many loaded locations lie in the view, as the status bar counts them. */
  async markersInView(): Promise<number> {
    return Number(await this.page.locator('.map-status-bar').getAttribute('data-in-view'));
  }

  sidebarLinks() {
    return this.page.locator('#sidebar a');
  }

  activeSidebarLink() {
    return this.page.locator('#sidebar a[aria-current="page"]');
  }

  tab(name: string) {
    return this.page.getByRole('tab', { name });
  }

  zoomHint() {
    return this.page.getByTestId('zoom-hint');
  }

  async zoomIn(): Promise<void> {
    await this.page.getByRole('button', { name: 'بزرگ‌نمایی' }).click();
  }

  /** Where a location is on the page now, from the camera the map reports. */
  async pagePointOf(lat: number, lon: number): Promise<{ x: number; y: number }> {
    return pointOnMap((await this.map().boundingBox())!, await this.mapState(), lat, lon);
  }

  /** Waits until the map, settled in `state`, shows the point `lat`, `lon` at least `margin` px inside its edges. */
  async waitForPointInView(state: string, lat: number, lon: number, margin = 0, predicate = (_: MapState) => true) {
    const box = (await this.map().boundingBox())!;
    return this.waitForMap(state, (s) => {
      const { x, y } = pointOnMap(box, s, lat, lon);
      const inside =
        x >= box.x + margin &&
        x <= box.x + box.width - margin &&
        y >= box.y + margin &&
        y <= box.y + box.height - margin;
      return inside && predicate(s);
    });
  }

  /**
   * Clicks the pin of a location: hovers its body (just above the tip, which is the location) until the
   * map reports something pickable under the pointer, then clicks there.
   */
  async clickMarkerAt(lat: number, lon: number): Promise<void> {
    const tip = await this.pagePointOf(lat, lon);
    // Low on its body: a pin is 40 px tall from a province's scale in, about half that at the country's.
    const body = { x: tip.x, y: tip.y - 12 };
    await this.page.mouse.move(body.x, body.y);
    await this.page.waitForFunction(() => {
      const canvases = document.querySelectorAll<HTMLElement>('[data-testid="map"] canvas');
      return [...canvases].some((canvas) => getComputedStyle(canvas).cursor === 'pointer');
    });
    await this.page.mouse.click(body.x, body.y);
  }

  /** Opens the marker list and waits until its names are listed and the drawer has finished sliding in. */
  async openMarkerList(): Promise<void> {
    await this.page.locator('.marker-list-button').click();
    await this.page.locator('.marker-list-item').first().waitFor();
    await this.waitForDrawerSettled();
  }

  /**
   * The map's buttons not wholly in sight, each named by its label: where what the page draws at its centre or
   * near any of its corners is not the button (a sheet or panel lies over part of it), or it is not on screen.
   */
  async coveredMapButtons(): Promise<string[]> {
    return this.page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="map"] .map-buttons button')]
        .filter((button) => {
          const box = button.getBoundingClientRect();
          const onScreen = box.top >= 0 && box.bottom <= window.innerHeight && box.width > 0;
          const [left, right, top, bottom] = [box.left + 3, box.right - 3, box.top + 3, box.bottom - 3];
          const points = [
            [(left + right) / 2, (top + bottom) / 2],
            [left, top],
            [right, top],
            [left, bottom],
            [right, bottom],
          ];
          const shown = points.every(([x, y]) => {
            const hit = document.elementFromPoint(x!, y!);
            return hit !== null && button.contains(hit);
          });
          return !onScreen || !shown;
        })
        .map((button) => button.getAttribute('aria-label') ?? button.textContent ?? '?'),
    );
  }

  /**
   * The numbered pins of a nearest list that something other than a pin is drawn over at their centre (a button, a
   * sheet). Pins of places close together may overlap one another, as the list's numbers tell them apart.
   */
  async hiddenNearestPins(): Promise<string[]> {
    return this.page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="nearest-pin"]')]
        .filter((pin) => {
          const box = pin.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return hit?.closest('[data-testid="nearest-pin"]') == null;
        })
        .map((pin) => pin.textContent ?? '?'),
    );
  }

  /** The drawer is wholly in view with its slide-in transition over (axe and pictures need the final look). */
  async waitForDrawerSettled(): Promise<void> {
    await this.page.waitForFunction(() => {
      const drawer = document.querySelector('.mantine-Drawer-content');
      if (drawer === null || drawer.getAnimations({ subtree: true }).length > 0) return false;
      const box = drawer.getBoundingClientRect();
      const inside = box.left >= 0 && box.right <= window.innerWidth + 0.5 && box.bottom <= window.innerHeight + 0.5;
      return inside && getComputedStyle(drawer).opacity === '1';
    });
  }

  /**
   * The map's tooltip with the pointer at this page point. The pointer steps off and back on each call: deck.gl
   * picks on a pointer move, so a layer drawn after the first move is only picked on the next one.
   */
  async tooltipAt(at: { x: number; y: number }): Promise<string> {
    await this.page.mouse.move(at.x + 1, at.y);
    await this.page.mouse.move(at.x, at.y);
    const tooltip = this.page.locator('.deck-tooltip');
    if ((await tooltip.count()) === 0 || !(await tooltip.isVisible())) return '';
    // Wholly inside the map, wherever the pointer is: not cut at its edge (a phone's right edge, its bottom).
    const [tip, map] = await Promise.all([tooltip.boundingBox(), this.map().boundingBox()]);
    const inside =
      tip!.x >= map!.x - 0.5 &&
      tip!.y >= map!.y - 0.5 &&
      tip!.x + tip!.width <= map!.x + map!.width + 0.5 &&
      tip!.y + tip!.height <= map!.y + map!.height + 0.5;
    if (!inside) return `outside the map: ${JSON.stringify(tip)} in ${JSON.stringify(map)}`;
    // Nor under the map's buttons, which are drawn over it.
    const buttons = await this.page
      .locator(`.${MAP_BUTTONS_CLASS}`)
      .evaluateAll((columns) =>
        columns.map(
          (column) =>
            column.getBoundingClientRect().toJSON() as { x: number; y: number; width: number; height: number },
        ),
      );
    const under = buttons.find(
      (b) =>
        tip!.x < b.x + b.width && b.x < tip!.x + tip!.width && tip!.y < b.y + b.height && b.y < tip!.y + tip!.height,
    );
    if (under) return `under the map's buttons: ${JSON.stringify(tip)} and ${JSON.stringify(under)}`;
    return tooltip.innerText();
  }

  /** Clicks the dot (dense form) drawn at this location. */
  async clickDotAt(lat: number, lon: number): Promise<void> {
    const at = await this.pagePointOf(lat, lon);
    await this.page.mouse.move(at.x, at.y);
    await this.page.waitForFunction(() => {
      const canvases = document.querySelectorAll<HTMLElement>('[data-testid="map"] canvas');
      return [...canvases].some((canvas) => getComputedStyle(canvas).cursor === 'pointer');
    });
    await this.page.mouse.click(at.x, at.y);
  }

  /** The boxes the map's data was asked for since this page was last opened, in order (`data-bounds`). */
  async askedBounds(): Promise<ViewportBounds[]> {
    const seen = await this.page.evaluate(
      () => (window as unknown as { __askedBounds?: string[] }).__askedBounds ?? [],
    );
    return seen.map(boundsOf);
  }

  /** The tiles of points the page asked the server for (domain/pointTiles.ts), as addresses. */
  tileRequests(): URL[] {
    return this.apiRequests
      .map((r) => new URL(r.url()))
      .filter((url) => /^\/api\/tiles\/[^/]+\/\d+\//.test(url.pathname));
  }

  clusterRequests(): URL[] {
    return this.apiRequests.filter((r) => r.url().includes('/TVTOBase/OrglocationMap/')).map((r) => new URL(r.url()));
  }

  dialog() {
    return this.page.getByRole('dialog');
  }
}
