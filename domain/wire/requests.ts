/**
 * What the API's requests carry, written once as schemas that are also their types (TypeBox): the server
 * validates with them (Fastify's type provider gives each handler its typed params, query and body) and the
 * client types the bodies it sends from them (type imports only: see answers.ts).
 *
 * Nothing is coerced (Ajv's coerceTypes is off): a JSON body must hold real numbers, and a query-string number
 * is written as a finite decimal number, read by the server after validation. Blanks, booleans, arrays,
 * Infinity and NaN are 400s.
 */
import { Type, type Static, type TArray, type TOptional, type TString, type TUnion } from 'typebox';
import { AREA_MAX_VERTICES } from '../area';
import { FACET_KEYS, FILTER_LIMITS, type FacetKey } from '../filters';
import { GUID_BODY, GUID_PATTERN_SOURCE } from '../guid';
import { LABELS_MAX } from '../pointsWire';

export const GuidString = Type.String({ pattern: GUID_PATTERN_SOURCE });

export const TypeIdParams = Type.Object({ typeId: GuidString });

/** Several type ids, comma-separated: "ID,ID,ID" (at most the catalogue's count, so a list cannot grow a request). */
export const TypeIdList = Type.String({
  pattern: `^${GUID_BODY}(?:,${GUID_BODY}){0,31}$`,
  maxLength: 32 * 37,
});

/** A province by its English name (the gateway's EnName), or All. */
export const ProvinceParam = Type.String({ minLength: 1, maxLength: 64 });

/** A finite decimal number as text: "35", "-1.5", "2e3"; never "", " ", "Infinity", "NaN", "0x10". */
export const DecimalString = Type.String({
  pattern: '^-?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?$',
  maxLength: 32,
});
/** A whole number of at most four digits, as a query string carries it (a limit). */
export const IntegerString = Type.String({ pattern: '^\\d{1,4}$' });

/** Where a "nearest" question is asked from, and how many it wants (every nearest call reads them alike). */
export const NearestQueryProperties = {
  lat: DecimalString,
  lon: DecimalString,
  limit: Type.Optional(IntegerString),
};

const latitude = Type.Number({ minimum: -90, maximum: 90 });
const longitude = Type.Number({ minimum: -180, maximum: 180 });

/** The gateway's LazyLoad body: the view's bounds. */
export const ViewportBounds = Type.Object(
  { MinLat: latitude, MinLon: longitude, MaxLat: latitude, MaxLon: longitude },
  { additionalProperties: false },
);
export type ViewportBounds = Static<typeof ViewportBounds>;

const facetValue = Type.String({ maxLength: FILTER_LIMITS.chars });
/** One value, or several when the parameter repeats (the query-string parser then gives an array). */
const facetParam = Type.Optional(Type.Union([facetValue, Type.Array(facetValue, { maxItems: FILTER_LIMITS.values })]));
type FacetParam = TOptional<TUnion<[TString, TArray<TString>]>>;

/** The filters' query parameters, for any route's query-string schema. */
export const filterQueryProperties = Object.fromEntries(FACET_KEYS.map((key) => [key, facetParam])) as Record<
  FacetKey,
  FacetParam
>;
/** A query string of filters alone. */
export const FilterQuery = Type.Object(filterQueryProperties);
export type FilterQuery = Static<typeof FilterQuery>;

/** Cluster bubbles of a view: its zoom and bounds, with the filters. */
export const ClusterQuery = Type.Object(
  {
    ...filterQueryProperties,
    zoom: Type.Optional(DecimalString),
    minLat: Type.Optional(DecimalString),
    minLon: Type.Optional(DecimalString),
    maxLat: Type.Optional(DecimalString),
    maxLon: Type.Optional(DecimalString),
  },
  { additionalProperties: false },
);

const pointIndex = Type.Integer({ minimum: 0, maximum: 0xffff_ffff });
/** Our labels call: the names of points of a compact set, by their index in that dataset version's set. */
export const LabelsRequest = Type.Object(
  { version: pointIndex, ids: Type.Array(pointIndex, { maxItems: LABELS_MAX }) },
  { additionalProperties: false },
);
export type LabelsRequest = Static<typeof LabelsRequest>;

/** A vertex as GeoJSON writes it: [longitude, latitude]. */
const vertex = Type.Tuple([longitude, latitude]);
/** `POST /api/area/{typeId}`: a ring, closed or not, of at most AREA_MAX_VERTICES distinct vertices. */
export const AreaRequest = Type.Object(
  { Polygon: Type.Array(vertex, { minItems: 3, maxItems: AREA_MAX_VERTICES + 1 }) },
  { additionalProperties: false },
);
export type AreaRequest = Static<typeof AreaRequest>;

/** One tile of a type's points (domain/pointTiles.ts): its dataset version, level, column and row. */
export const TileParams = Type.Object({
  typeId: GuidString,
  version: Type.String({ pattern: '^\\d{1,10}$' }),
  z: Type.String({ pattern: '^\\d{1,2}$' }),
  x: Type.String({ pattern: '^\\d{1,6}$' }),
  y: Type.String({ pattern: '^\\d{1,6}$' }),
});
