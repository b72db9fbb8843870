/** The town a location on a map without streets is framed with (src/map/townLabels.ts). */
import { describe, expect, it } from 'vitest';
import gazetteer from '../../domain/data/gazetteer.json';
import { nearestTown } from '../../src/map/townLabels';

describe('nearestTown', () => {
  it('is the town itself for a point a few hundred metres from any town of the gazetteer', () => {
    for (const town of gazetteer.cities) {
      const others = gazetteer.cities.filter((other) => other !== town);
      // Towns a few kilometres apart are left out: a point between them is fairly either's.
      const alone = others.every((other) => Math.hypot(other.lat - town.lat, other.lon - town.lon) > 0.05);
      if (alone) expect(nearestTown(town.lon + 0.003, town.lat - 0.002).name).toBe(town.name);
    }
  });

  it('is the nearest on the ground (great-circle distance) for points across Iran, within 1%', () => {
    const haversineKm = (lat1: number, lon1: number, lat2: number, lon2: number) => {
      const rad = Math.PI / 180;
      const a =
        Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
        Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
      return 2 * 6371 * Math.asin(Math.sqrt(a));
    };
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let differsFromFlatDegrees = 0;
    for (let i = 0; i < 2_000; i++) {
      const lat = 25 + next() * 14;
      const lon = 44 + next() * 19;
      const km = (town: { lat: number; lon: number }) => haversineKm(lat, lon, town.lat, town.lon);
      const best = Math.min(...gazetteer.cities.map(km));
      const found = nearestTown(lon, lat);
      expect(km(found)).toBeLessThanOrEqual(best * 1.01);
      const flat = gazetteer.cities.reduce((a, b) =>
        Math.hypot(a.lat - lat, a.lon - lon) <= Math.hypot(b.lat - lat, b.lon - lon) ? a : b,
      );
      if (flat.name !== found.name) differsFromFlatDegrees++;
    }
    // Counting degrees of longitude as degrees of latitude would choose another town for some of these points.
    expect(differsFromFlatDegrees).toBeGreaterThan(0);
  });
});
