/**
 * MapLibre as the map component makes it, less a sky that no one sees.
 *
 * MapLibre 6 paints a sky at the start of every frame: a pass over every pixel of the map, working out for each
 * one where the horizon and the globe's edge lie (square roots, arcsines). Its painter asks only whether the style
 * has a sky object, and the style always makes one, so the pass runs whether the style names a sky or not (its
 * authors meant it to be skipped when the sky is not defined: maplibre-gl-js pull request 3645). Makan's map never
 * tilts and its background layer covers every pixel, so nothing of that sky ever shows; the pass is pure cost,
 * paid again for every frame of a move. A browser drawing WebGL without a GPU (a locked-down office machine, the
 * tests' Chromium) spent about half of each frame on it: 306 ms a frame at 1280 px with it, 161 ms without, and
 * half again as many frames for the same moves (`npm run bench:frames`).
 *
 * The painter draws through a table of functions (`drawFunctions`, so a backend can supply its own); the sky's entry
 * here draws only when the style names a sky, as MapLibre intended. The table is set again whenever MapLibre makes
 * a new painter (a lost WebGL context restored).
 */
import * as maplibre from 'maplibre-gl';

function skyOnlyWhenStyled(map: maplibre.Map): void {
  const drawFunctions = map.painter.drawFunctions;
  const drawSky = drawFunctions.sky;
  map.painter.drawFunctions = {
    ...drawFunctions,
    sky: (mesh, frame) => {
      if (map.getSky()) drawSky(mesh, frame);
    },
  };
}

class SkylessMap extends maplibre.Map {
  constructor(options: maplibre.MapOptions) {
    super(options);
    skyOnlyWhenStyled(this);
    this.on('webglcontextrestored', () => skyOnlyWhenStyled(this));
  }
}

/** What the map component makes its map with (its `mapLib`): MapLibre, with the map above. */
export const SKYLESS_MAPLIBRE: typeof maplibre = { ...maplibre, Map: SkylessMap };
