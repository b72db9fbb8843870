/**
 * The towns of the gazetteer the place search uses (domain/data/gazetteer.json), as map features: from the
 * zoom where a province fills the screen, a searched or clicked centre sits among named towns, not in an
 * empty field, with no tile server at all; and the town nearest a location, to frame it with. Loaded in a
 * chunk of its own once the map is up.
 */
import type { FeatureCollection, Point } from 'geojson';
import gazetteer from '../../domain/data/gazetteer.json';
import { PAGE_LANGUAGE } from '../i18n/language';

export interface TownProperties {
  name: string;
}

export function townFeatures(): FeatureCollection<Point, TownProperties> {
  return {
    type: 'FeatureCollection',
    features: gazetteer.cities.map((c) => ({
      type: 'Feature',
      // The map's own town names in the page's language (GeoNames' English name where the town has one).
      properties: { name: PAGE_LANGUAGE.dataNames === 'en' && 'en' in c && typeof c.en === 'string' ? c.en : c.name },
      geometry: { type: 'Point', coordinates: [c.lon, c.lat] },
    })),
  };
}

export interface Town {
  name: string;
  lat: number;
  lon: number;
}

/** The gazetteer's town nearest a point (by distance on the ground; a few hundred towns, looked at in turn). */
export function nearestTown(lon: number, lat: number): Town {
  // Near one point, a degree of longitude is cos(latitude) of a degree of latitude on the ground.
  const squeeze = Math.cos((lat * Math.PI) / 180) ** 2;
  let nearest = gazetteer.cities[0]!;
  let best = Infinity;
  for (const town of gazetteer.cities) {
    const distance = (town.lat - lat) ** 2 + (town.lon - lon) ** 2 * squeeze;
    if (distance < best) {
      best = distance;
      nearest = town;
    }
  }
  return nearest;
}
