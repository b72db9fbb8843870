import { describe, expect, it } from 'vitest';
import { degreesAcross } from '../../domain/zoom';
import { IRAN_BOUNDS } from '../../src/map/mapConstants';
import { NOTHING_COVERED } from '../../src/map/coveredSides';
import {
  countryCamera,
  countryCentre,
  countryFitZoom,
  edgesOfCamera,
  openingOf,
  openingZoom,
} from '../../src/map/viewport';

describe('edgesOfCamera', () => {
  it('at spec zoom 0 a 256-px square shows the whole Web Mercator world', () => {
    const edges = edgesOfCamera({ latitude: 0, longitude: 0, zoom: 0 }, 256, 256);
    expect(edges.west).toBeCloseTo(-180, 9);
    expect(edges.east).toBeCloseTo(180, 9);
    expect(edges.north).toBeCloseTo(85.0511287798, 9);
    expect(edges.south).toBeCloseTo(-85.0511287798, 9);
  });

  it('spans the longitude the spec zoom shows at that width, with the centre midway in Mercator', () => {
    const camera = { latitude: 32.5, longitude: 54, zoom: 6 };
    const edges = edgesOfCamera(camera, 1280, 800);
    expect(edges.east - edges.west).toBeCloseTo(degreesAcross(1280, 6), 9);
    const y = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
    expect((y(edges.north) + y(edges.south)) / 2).toBeCloseTo(y(32.5), 12);
    // Mercator stretches the north: more degrees of latitude south of the centre than north of it.
    expect(32.5 - edges.south).toBeGreaterThan(edges.north - 32.5);
  });

  it('framing the whole country at its fit zoom touches Iran on one axis and holds it on both', () => {
    for (const [width, height] of [
      [375, 560],
      [1280, 720],
      [800, 1200],
    ] as const) {
      const edges = edgesOfCamera({ ...countryCentre(), zoom: countryFitZoom(width, height) }, width, height);
      const [west, south, east, north] = IRAN_BOUNDS;
      const slack = 1e-9;
      expect(edges.west).toBeLessThanOrEqual(west + slack);
      expect(edges.east).toBeGreaterThanOrEqual(east - slack);
      expect(edges.south).toBeLessThanOrEqual(south + slack);
      expect(edges.north).toBeGreaterThanOrEqual(north - slack);
      const touchesX = Math.abs(edges.west - west) < 1e-6 && Math.abs(edges.east - east) < 1e-6;
      const touchesY = Math.abs(edges.south - south) < 1e-6 && Math.abs(edges.north - north) < 1e-6;
      expect(touchesX || touchesY).toBe(true);
    }
  });
});

describe('openingZoom', () => {
  const bubble = (ExpansionZoom?: number) => ({ Lat: 32, Long: 53, Count: 40, ExpansionZoom });
  it('goes to where a bubble splits, but always at least a whole level closer', () => {
    expect(openingZoom(bubble(9), 5.7)).toBe(9);
    expect(openingZoom(bubble(6), 5.7)).toBeCloseTo(6.7);
  });
  it("goes straight to the type's minimum zoom, where its pins are, from a bubble seen farther out", () => {
    expect(openingZoom(bubble(7), 5.7, 10)).toBe(10);
    expect(openingZoom(bubble(12), 9.5, 10)).toBe(12);
    expect(openingZoom(bubble(7), 5.7, null)).toBe(7);
  });
  it('takes a province bubble two levels closer, and never past the last zoom', () => {
    expect(openingZoom(bubble(), 5.5)).toBe(7.5);
    expect(openingZoom(bubble(17), 17.5)).toBe(18);
  });
});

describe('openingOf', () => {
  const start = { latitude: 35.7, longitude: 51.34, zoom: 6 };
  const box = { width: 1280, height: 656, covered: { left: 0, right: 320 } };
  const country = countryCamera(box.width, box.height, box.covered);

  it('makes the map at the whole country when its visitor asked for less motion: no Tehran view to jump from', () => {
    expect(openingOf(start, null, box, true)).toEqual({ rest: country, opening: { camera: country, atRest: true } });
  });

  it('otherwise makes it over Tehran (spec §2), to glide to the same rest', () => {
    expect(openingOf(start, null, box, false)).toEqual({ rest: country, opening: { camera: start, atRest: false } });
  });

  it("makes a linked map at the link's camera, its zoom brought into range, with motion or without", () => {
    const linked = { latitude: 30, longitude: 50, zoom: 30 };
    for (const lessMotion of [true, false]) {
      const { rest, opening } = openingOf(start, linked, box, lessMotion);
      expect(rest).toEqual({ latitude: 30, longitude: 50, zoom: 18 });
      expect(opening).toEqual({ camera: rest, atRest: true });
    }
  });

  it('makes a hidden map (no size) at its start, to glide once shown, and names no rest to ask data for', () => {
    const hidden = { width: 0, height: 0, covered: NOTHING_COVERED };
    expect(openingOf(start, null, hidden, true)).toEqual({ rest: null, opening: { camera: start, atRest: false } });
    expect(openingOf(start, null, null, false).opening.atRest).toBe(false);
    const linked = { latitude: 30, longitude: 50, zoom: 9 };
    expect(openingOf(linked, linked, null, true)).toEqual({ rest: null, opening: { camera: linked, atRest: true } });
  });
});
