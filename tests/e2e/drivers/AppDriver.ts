/** Drives the app like a person does, and reads its state from what the page exposes (maputnik-style driver). */
import type { Page, Request } from 'playwright-core';
import type { ViewportBounds } from '../../../src/domain/gateway';

export interface MapState {
  state: string;
  layersLoaded: boolean;
  markers: number;
  clusters: number;
  zoom: number;
}

export class AppDriver {
  readonly apiRequests: Request[] = [];

  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) this.apiRequests.push(request);
    });
  }

  async open(path: string): Promise<void> {
    await this.page.goto(this.baseUrl + path);
    await this.page.waitForSelector('.app');
  }

  map() {
    return this.page.getByTestId('map');
  }

  async mapState(): Promise<MapState> {
    const data = await this.map().evaluate((el: HTMLElement) => ({ ...el.dataset }));
    return { state: data['state'] ?? '', layersLoaded: data['layersLoaded'] === 'true', markers: Number(data['markers']), clusters: Number(data['clusters']), zoom: Number(data['zoom']) };
  }

  /** Waits until the map's data machine rests in `state` (e.g. "idle", "ready"), drawn, with the predicate true. */
  async waitForMap(state: string, predicate: (s: MapState) => boolean = () => true, timeout = 30_000): Promise<MapState> {
    const started = Date.now();
    for (;;) {
      const current = await this.mapState();
      if (current.state.includes(`"${state}"`) && current.layersLoaded && predicate(current)) return current;
      if (Date.now() - started > timeout) throw new Error(`map never reached ${state}; last ${JSON.stringify(current)}`);
      await this.page.waitForTimeout(100);
    }
  }

  sidebarLinks() {
    return this.page.locator('#sidebar a');
  }

  activeSidebarLink() {
    return this.page.locator('#sidebar a[aria-current="page"]');
  }

  tab(name: 'نقشه' | 'آمار') {
    return this.page.getByRole('tab', { name });
  }

  zoomHint() {
    return this.page.getByTestId('zoom-hint');
  }

  async zoomIn(): Promise<void> {
    await this.page.getByRole('button', { name: 'بزرگ‌نمایی' }).click();
  }

  async clickMapCentre(offsetY = 0): Promise<void> {
    const box = (await this.map().boundingBox())!;
    await this.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2 + offsetY);
  }

  lazyLoadBodies(): ViewportBounds[] {
    return this.apiRequests.filter((r) => r.url().includes('/Map/LazyLoad/')).map((r) => r.postDataJSON() as ViewportBounds);
  }

  clusterRequests(): URL[] {
    return this.apiRequests.filter((r) => r.url().includes('/TVTOBase/OrglocationMap/')).map((r) => new URL(r.url()));
  }

  dialog() {
    return this.page.getByRole('dialog');
  }
}
