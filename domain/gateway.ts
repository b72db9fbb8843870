/** The gateway's wire contract: field names exactly as the gateway spells them. */

export interface MapLocation {
  Lat: number;
  Long: number;
  Name: string;
  Guid: string;
}

export interface ClusterItem {
  Lat: number;
  Long: number;
  Count: number;
  /** Ours, beyond the gateway: the zoom at which this bubble splits (absent on the real gateway). */
  ExpansionZoom?: number;
}

export interface ViewportBounds {
  MinLat: number;
  MinLon: number;
  MaxLat: number;
  MaxLon: number;
}

/** The location detail and its dynamic fields: see the one field table. */
export type { DynamicField, DynamicFieldType, LocationDetail } from './locationFields';
import type { LocationDetail } from './locationFields';

/**
 * Ours, beyond the gateway: the detail answer also gives the location's point, so a link that names only its
 * Guid can frame it and offer the way there (the real gateway leaves them out).
 */
export interface LocatedDetail extends LocationDetail {
  Lat?: number;
  Long?: number;
}

export interface ChartRow {
  Count: number;
  OstanName: string;
  LocationEnName: string;
  DataType: string;
}

export interface PiePoint {
  Name: string;
  Count: number;
}

/** Geographic location tree node, as the province tree call returns it. */
export interface TreeNode {
  Guid: string;
  ClimateType: string;
  EnName: string;
  Gazstid: number;
  Gcode: number;
  GgeoLocationGuid: string;
  isInIran: boolean;
  isIranNeighbor: boolean;
  isMarzi: boolean;
  LocationTypeGuid: string;
  LongGcode: number;
  MarziCountryGuid: string;
  Name: string;
  PGuid: string;
  LocationTypeName: string;
  LocationEnName: string;
  GgeoLocationName: string;
  GLevel: number;
  checked: boolean;
  IsParent: boolean;
  LocationTypeGkey: string;
  children: TreeNode[];
  LocationTypeGkeyID: number;
  ChildIsOpen: boolean;
  ParentName: string;
}

/** The value the province dropdown and the province-scoped calls use for "every province". */
export const ALL_PROVINCES = 'All';

/** Error body of every 4xx/5xx our server answers. */
export interface ApiError {
  error: string;
  message: string;
}

/** Response header our LazyLoad sets when it cut the result at its row cap. */
export const TRUNCATED_HEADER = 'x-makan-truncated';
export const LAZYLOAD_ROW_CAP = 20_000;

/** Ours, beyond the gateway (`GET /api/meta`): the dataset's version and when it last changed (ISO 8601). */
export interface DatasetMeta {
  version: number;
  updatedAt: string;
  locations: number;
}
