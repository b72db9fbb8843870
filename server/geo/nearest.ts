/**
 * The k nearest locations of a type to any point on Earth, exactly (the same answer as sorting every
 * location by great-circle distance): the type's in-memory k-d tree (PointIndex), searched by great-circle
 * distance (geokdbush).
 */
import { around } from 'geokdbush';
import { NO_FILTERS } from '../../domain/filters';
import type { PointIndex } from '../points/PointIndex';
import { filterOf } from '../points/pointScans';
import { facetValueOf } from '../points/PointFacets';
import { locationOf } from '../points/TypePoints';
import type { PointRow } from '../store/LocationStore';
import { greatCircleKm } from './greatCircle';

export interface NearRow extends PointRow {
  distanceKm: number;
  /** Who it is open to, as its gender value says (a list of the nearest shows it beside each name). */
  gender: string;
}

/** A few more than asked, so ties at the k-th distance are settled by Guid like a full sort would. */
const TIE_MARGIN = 8;

const byDistance = (a: NearRow, b: NearRow) =>
  a.distanceKm - b.distanceKm || (a.guid < b.guid ? -1 : a.guid > b.guid ? 1 : 0);

export class NearestIndex {
  constructor(private readonly points: PointIndex) {}

  /** The nearest that pass the filters (none given: all). */
  async nearest(typeId: string, lat: number, lon: number, limit: number, filters = NO_FILTERS): Promise<NearRow[]> {
    const points = await this.points.get(typeId);
    if (points.count === 0) return [];
    const filter = filterOf(points, filters);
    return around(points.tree, lon, lat, limit + TIE_MARGIN, Infinity, filter ?? undefined)
      .map((id) => {
        const place = locationOf(points, id);
        return {
          lat: place.Lat,
          lon: place.Long,
          name: place.Name,
          guid: place.Guid,
          gender: facetValueOf(points.facets, 'gender', id),
          distanceKm: greatCircleKm(lat, lon, place.Lat, place.Long),
        };
      })
      .sort(byDistance)
      .slice(0, limit);
  }
}
