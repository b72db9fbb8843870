/** Moves the map as a keyboard user does, and waits for the data of the view it lands on. */
import type { ViewportBounds } from '../../../domain/wire/requests';
import type { AppDriver } from './AppDriver';

export class PanDriver {
  constructor(private readonly app: AppDriver) {}

  /**
   * Moves the view `steps` arrow presses east (west for a negative number) from the focused map: exact steps, where
   * a drag could start on a pin's tooltip or end in a throw. Waits until the data of the new view is drawn.
   */
  async panEast(steps: number): Promise<ViewportBounds> {
    const { page } = this.app;
    const before = (await this.app.askedBounds()).length;
    await this.app.map().locator('canvas.maplibregl-canvas').focus();
    for (let i = 0; i < Math.abs(steps); i++) await page.keyboard.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
    // Each press is a move; the view the map settles on is the last box asked for once no other comes.
    let quiet = 0;
    let seen = before;
    while (quiet < 3) {
      await page.waitForTimeout(200);
      const now = (await this.app.askedBounds()).length;
      const { state, markers } = await this.app.mapState();
      quiet = now > before && now === seen && state.includes('"idle"') && markers > 0 ? quiet + 1 : 0;
      seen = now;
    }
    return (await this.app.askedBounds()).at(-1)!;
  }
}
