/**
 * The towns of the gazetteer the place search uses (domain/data/gazetteer.json), as map features: from the
 * zoom where a province fills the screen, a searched or clicked centre sits among named towns, not in an
 * empty field, with no tile server at all. Loaded in a chunk of its own once the map is up.
 */
import type { FeatureCollection, Point } from 'geojson';
import gazetteer from '../../domain/data/gazetteer.json';

export interface TownProperties {
  name: string;
}

export function townFeatures(): FeatureCollection<Point, TownProperties> {
  return {
    type: 'FeatureCollection',
    features: gazetteer.cities.map((c) => ({
      type: 'Feature',
      properties: { name: c.name },
      geometry: { type: 'Point', coordinates: [c.lon, c.lat] },
    })),
  };
}
