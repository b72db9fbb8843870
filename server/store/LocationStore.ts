/**
 * What the routes need from a database. The routes never write SQL: SqliteStore implements this
 * over better-sqlite3; a PostGIS store can implement the same interface (all methods are async for it).
 */
import type { DynamicField } from '../../domain/gateway';

export interface Box {
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

export interface PointRow {
  lat: number;
  lon: number;
  name: string;
  guid: string;
}

export interface ProvinceRow {
  guid: string;
  iso: string;
  nameFa: string;
  nameEn: string;
}

export interface ProvinceBubbleRow {
  lat: number;
  lon: number;
  count: number;
}

export interface DetailRow {
  name: string;
  position: string;
  supervision: string;
  gender: string;
  legal: string;
  phone: string;
  fax: string;
  address: string;
  showMoreDetails: boolean;
  dynamicFields: DynamicField[];
}

export interface LocationStore {
  /** Every location of a type (fixed-load types). */
  locationsOfType(typeId: string): Promise<PointRow[]>;
  /** Locations of a type inside the box (edges included), at most `limit` rows. */
  locationsInBox(typeId: string, box: Box, limit: number): Promise<PointRow[]>;
  /** Longitude/latitude of every location of a type, for building a cluster index. */
  coordinatesOfType(typeId: string): Promise<Float64Array>;
  /** One bubble per province with locations of that type, at the centroid of those locations. */
  provinceBubbles(typeId: string): Promise<ProvinceBubbleRow[]>;
  locationDetail(guid: string): Promise<DetailRow | null>;
  /** Count per province ISO code (provinces without locations may be absent). */
  countsByProvince(typeId: string): Promise<Map<string, number>>;
  /** Count per gender label, in one province (ISO code) or all (null). */
  countsByGender(typeId: string, provinceIso: string | null): Promise<Map<string, number>>;
  /** Names of a type's locations in one province (ISO code) or all (null), in a stable order (the route sorts them). */
  namesOf(typeId: string, provinceIso: string | null): Promise<string[]>;
  provinces(): Promise<ProvinceRow[]>;
  close(): void;
}
