/**
 * What each API route answers, written once as a schema that is also its type (TypeBox): the server hands
 * the schemas to Fastify (its type provider checks each handler's answer against them at compile time, and
 * the OpenAPI description at /api/openapi.json is generated from them), and the client imports the types.
 *
 * The client imports this file for its types only (lint holds it): the schema builder stays out of the
 * visitors' bundle. Field names are the gateway's exactly where the call is the gateway's.
 */
import { Type, type Static, type TArray, type TSchema } from 'typebox';
import { DETAIL_FIELDS, type DetailField } from '../locationFields';
import { DynamicField, VALUE_OF_KIND, type ValueOfKind } from './fieldValues';
import { FACET_KEYS, type FacetKey } from '../filters';
import { LOAD_MODES } from '../locationTypes';

const integer = () => Type.Integer();
const number = () => Type.Number();
const string = () => Type.String();
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * Every 4xx and 5xx: what went wrong, for programs (`error`, a code in snake case) and for people (`message`); nothing
 * else, so an answer in another shape (a framework's own) fails the check of real answers against the description.
 */
export const ApiError = Type.Object(
  { error: Type.String({ pattern: '^[a-z][a-z0-9_]*$' }), message: string() },
  { additionalProperties: false },
);
export type ApiError = Static<typeof ApiError>;

/** A location on the map, as the gateway's LazyLoad and fixed-type calls give it. */
export const MapLocation = Type.Object({ Lat: number(), Long: number(), Name: string(), Guid: string() });
export type MapLocation = Static<typeof MapLocation>;

/** Our labels call: the gateway's fields, and whom each location admits. */
export const LabelledLocation = Type.Object({ ...MapLocation.properties, Gender: string() });
export type LabelledLocation = Static<typeof LabelledLocation>;

export const ClusterItem = Type.Object({
  Lat: number(),
  Long: number(),
  Count: integer(),
  ExpansionZoom: Type.Optional(
    Type.Number({ description: 'Ours, beyond the gateway: the zoom at which this bubble splits' }),
  ),
});
export type ClusterItem = Static<typeof ClusterItem>;

/** Ours (`GET /api/meta`): the dataset's version and when it last changed (ISO 8601). */
export const DatasetMeta = Type.Object({ version: integer(), updatedAt: string(), locations: integer() });
export type DatasetMeta = Static<typeof DatasetMeta>;

export const Health = Type.Object({
  status: Type.Enum(['ready', 'warming']),
  version: integer(),
  rewarming: Type.Boolean(),
  /**
   * Whether the database answers; without it the server serves the last version it read, from memory. `lost`:
   * its SQLite file was removed or replaced under the server, which reads on but refuses every write (503).
   * `unwritable`: the last write was refused (a full disk, a read-only database), until a write is taken again.
   */
  database: Type.Enum(['ok', 'unreachable', 'lost', 'unwritable']),
  /** What is wrong with the database, for the operator (absent while it is ok). */
  problem: Type.Optional(Type.String()),
});
export type Health = Static<typeof Health>;

/** A type of the catalogue as `/api/types` gives it (clients that do not bundle the catalogue). */
export const TypeSummary = Type.Object({
  route: Type.String({ description: "Path segment without the leading slash; '' is the empty path" }),
  typeId: string(),
  loadMode: Type.Enum(LOAD_MODES),
  minZoom: nullable(Type.Number({ description: 'Markers at or above this (256-px tile) zoom, bubbles below' })),
  titleFa: string(),
  menuOrder: nullable(integer()),
  statsEnabled: Type.Boolean(),
});
export type TypeSummary = Static<typeof TypeSummary>;

export { DynamicField, type ValueOfKind };

type DetailProperties = { [F in DetailField as F['gateway']]: (typeof VALUE_OF_KIND)[F['kind']] };

/** The gateway's location detail, derived from the one field table (domain/locationFields.ts). */
export const LocationDetail = Type.Object(
  Object.fromEntries(DETAIL_FIELDS.map((field) => [field.gateway, VALUE_OF_KIND[field.kind]])) as DetailProperties,
);
export type LocationDetail = Static<typeof LocationDetail>;

/**
 * Ours, beyond the gateway: the detail answer also gives the location's point, so a link that names only its
 * Guid can frame it and offer the way there (the real gateway leaves them out).
 */
export const LocatedDetail = Type.Object({
  ...LocationDetail.properties,
  Lat: Type.Optional(number()),
  Long: Type.Optional(number()),
});
export type LocatedDetail = Static<typeof LocatedDetail>;

export const ChartRow = Type.Object({
  Count: integer(),
  OstanName: string(),
  LocationEnName: string(),
  DataType: string(),
});
export type ChartRow = Static<typeof ChartRow>;

export const PiePoint = Type.Object({ Name: string(), Count: integer() });
export type PiePoint = Static<typeof PiePoint>;

export const Names = Type.Array(string());

/** A geographic node, as the gateway's province tree call gives it. */
export const TreeNode = Type.Object({
  Guid: string(),
  ClimateType: string(),
  EnName: string(),
  Gazstid: number(),
  Gcode: number(),
  GgeoLocationGuid: string(),
  isInIran: Type.Boolean(),
  isIranNeighbor: Type.Boolean(),
  isMarzi: Type.Boolean(),
  LocationTypeGuid: string(),
  LongGcode: number(),
  MarziCountryGuid: string(),
  Name: string(),
  PGuid: string(),
  LocationTypeName: string(),
  LocationEnName: string(),
  GgeoLocationName: string(),
  GLevel: integer(),
  checked: Type.Boolean(),
  IsParent: Type.Boolean(),
  LocationTypeGkey: string(),
  children: Type.Array(Type.Unknown(), { description: 'Always empty: the provinces are asked for one level' }),
  LocationTypeGkeyID: integer(),
  ChildIsOpen: Type.Boolean(),
  ParentName: string(),
});
export type TreeNode = Static<typeof TreeNode>;

/** `GET /api/search?q=TEXT[&type=TYPEID | &prefer=TYPEID][&lat=..&lon=..][&limit=N][&count=1]` */
export const SearchResult = Type.Object({
  Guid: string(),
  Name: string(),
  Lat: number(),
  Long: number(),
  TypeId: string(),
  Route: Type.String({ description: 'The type’s route in the app ("Centers"), for opening the result on its map' }),
  OstanName: Type.String({ description: 'The province’s Persian name' }),
});
export type SearchResult = Static<typeof SearchResult>;

/** `GET /api/nearest/{typeId}?lat=..&lon=..[&limit=N]` */
export const NearestResult = Type.Object({
  Guid: string(),
  Name: string(),
  Lat: number(),
  Long: number(),
  DistanceKm: number(),
  Gender: Type.String({ description: 'Its gender value (women’s, men’s, mixed): who it is open to' }),
});
export type NearestResult = Static<typeof NearestResult>;

/** `GET /api/trades/{typeId}?q=TEXT`: trades whose name contains the text, with how many locations teach each. */
export const TradeCount = Type.Object({ Trade: string(), Count: integer() });
export type TradeCount = Static<typeof TradeCount>;

/**
 * `GET /api/trades?q=TEXT`: the same, over every type that teaches (asked from a page whose type teaches nothing),
 * with how many locations of each type teach it.
 */
export const TradeAcrossTypes = Type.Object({
  Trade: string(),
  Count: integer(),
  Types: Type.Array(Type.Object({ TypeId: string(), Count: integer() })),
});
export type TradeAcrossTypes = Static<typeof TradeAcrossTypes>;

/** `GET /api/trades/nearest?trade=T&lat=&lon=[&types=ID,ID]`: one of the nearest teaching it, with its type. */
export const NearestOfType = Type.Object({ ...NearestResult.properties, TypeId: string() });
export type NearestOfType = Static<typeof NearestOfType>;

/** `GET /api/places?q=TEXT[&limit=N]`: Iran's provinces and cities, as origins for "near this town". */
export const Place = Type.Object({
  Name: Type.String({ description: 'The Persian name' }),
  Kind: Type.Enum(['province', 'city']),
  Lat: number(),
  Long: number(),
  Ostan: Type.String({ description: 'The province’s English name (for a city, the province it is in)' }),
  NameEn: Type.Optional(Type.String({ description: 'Its English name, where known' })),
});
export type Place = Static<typeof Place>;

export const FacetCount = Type.Object({ Value: string(), Count: integer() });
export type FacetCount = Static<typeof FacetCount>;

/** `GET /api/facets/{typeId}[?ostan=EnName][&filters]`: each filter's values with how many locations have each. */
export const FacetsAnswer = Type.Object(
  Object.fromEntries(FACET_KEYS.map((key) => [key, Type.Array(FacetCount)])) as Record<
    FacetKey,
    TArray<typeof FacetCount>
  >,
);
export type FacetsAnswer = Static<typeof FacetsAnswer>;

/** People counted, and those of them farther than the distance: all residents, those aged 15-29, women. */
const peopleFar = {
  PopulationTotal: integer(),
  PopulationFar: integer(),
  YouthTotal: integer(),
  YouthFar: integer(),
  WomenTotal: integer(),
  WomenFar: integer(),
};

export const CoverageProvince = Type.Object({ EnName: string(), ...peopleFar });
export type CoverageProvince = Static<typeof CoverageProvince>;

export const FarSettlement = Type.Object({
  Name: Type.String({ description: 'The GeoNames name in Latin letters, or the seat town’s where it has none' }),
  NameFa: Type.Optional(Type.String({ description: 'Its Persian name, where the place gazetteer has the town' })),
  Lat: number(),
  Long: number(),
  Population: integer(),
  NearestKm: nullable(
    Type.Number({ description: 'Great-circle km to the nearest location (null: none under the filters)' }),
  ),
});
export type FarSettlement = Static<typeof FarSettlement>;

/** `GET /api/coverage/{typeId}?km=K[&filters]`: every resident of the 2016 census, placed by one rule. */
export const CoverageAnswer = Type.Object({
  Km: number(),
  ...peopleFar,
  Placed: Type.Object(
    { Seat: integer(), Places: integer(), Province: integer() },
    { description: 'How many of the people counted each step of the placement rule put where they are' },
  ),
  Provinces: Type.Array(CoverageProvince),
  Settlements: Type.Array(FarSettlement, { description: 'The spots farther than Km, most populous first' }),
});
export type CoverageAnswer = Static<typeof CoverageAnswer>;

/** The six figures of coverage (as CoverageAnswer carries them) for some scope: the nation, a province, a county. */
export const PeopleFar = Type.Object(peopleFar);
export type PeopleFar = Static<typeof PeopleFar>;

/** People brought within the distance: every resident, those aged 15-29, women. */
export const PeopleGained = Type.Object({ Population: integer(), Youth: integer(), Women: integer() });
export type PeopleGained = Static<typeof PeopleGained>;

export const PlanProvince = Type.Object({ EnName: string(), Before: PeopleFar, After: PeopleFar });
export type PlanProvince = Static<typeof PlanProvince>;

export const PlanCounty = Type.Object({
  Code: string(),
  Name: Type.String({ description: 'The county’s Persian name, as the equity answer has it' }),
  EnName: Type.String({
    description: 'Its English name, as the equity answer has it (its seat town’s, or the Persian)',
  }),
  Province: Type.String({ description: 'Its province’s English name' }),
  Before: PeopleFar,
  After: PeopleFar,
  NeedRankBefore: Type.Integer({ description: 'The county’s need rank (1: most in need) as the equity answer has it' }),
  NeedRankAfter: Type.Integer({ description: 'Its rank with the plan: its share far and its locations changed' }),
});
export type PlanCounty = Static<typeof PlanCounty>;

export const PlanSite = Type.Object({
  Lon: number(),
  Lat: number(),
  Name: Type.String({ description: 'The Persian name of the gazetteer’s town nearest the site' }),
  EnName: Type.String({ description: 'That town’s English name' }),
  County: nullable(Type.String({ description: 'The census code of the county the site is in (null: none is seated)' })),
  Gain: Type.Object(PeopleGained.properties, {
    description: 'Those this site brings within Km whom neither the plan’s earlier sites nor the locations left reach',
  }),
});
export type PlanSite = Static<typeof PlanSite>;

/** A location the plan closes: what the map strikes through and the plan's list names. */
export const PlanClosure = Type.Object({
  Guid: string(),
  Name: string(),
  Lon: number(),
  Lat: number(),
  County: nullable(Type.String({ description: 'The census code of its county (null: none is seated)' })),
});
export type PlanClosure = Static<typeof PlanClosure>;

/** `GET /api/plan/{typeId}?km=K[&add=LON,LAT;…][&close=GUID,…]`: coverage and need before and after a plan. */
export const PlanAnswer = Type.Object({
  Km: number(),
  Before: PeopleFar,
  After: PeopleFar,
  Provinces: Type.Array(PlanProvince),
  Counties: Type.Array(PlanCounty),
  Sites: Type.Array(PlanSite),
  Closed: Type.Array(PlanClosure),
});
export type PlanAnswer = Static<typeof PlanAnswer>;

export const SuggestedSite = Type.Object({
  Lon: number(),
  Lat: number(),
  Name: Type.String({ description: 'The town’s or place’s Persian name (its Latin one where the data has none)' }),
  EnName: string(),
  Province: Type.String({ description: 'The province’s English name' }),
  Gain: Type.Object(PeopleGained.properties, {
    description: 'Those it brings within Km whom the sites chosen before it did not (falling, one after another)',
  }),
});
export type SuggestedSite = Static<typeof SuggestedSite>;

/** `GET /api/plan/{typeId}/suggest?km=K&n=N&for=…[&province=IR-NN]`: the greedy choice of N new sites. */
export const SuggestAnswer = Type.Object({
  Km: number(),
  For: Type.Union([Type.Literal('population'), Type.Literal('youth'), Type.Literal('women')]),
  Province: nullable(Type.String({ description: 'The province the sites are chosen in and counted for, or null' })),
  Before: PeopleFar,
  After: PeopleFar,
  Sites: Type.Array(SuggestedSite),
});
export type SuggestAnswer = Static<typeof SuggestAnswer>;

export const CompareCell = Type.Object({
  EnName: string(),
  Count: integer(),
  Per100k: number(),
  Rank: Type.Integer({ description: 'Among all 31 provinces by count (1 = the most; ties share a rank)' }),
  Gender: Type.Array(FacetCount),
});
export type CompareCell = Static<typeof CompareCell>;

/** `GET /api/compare?ostan=EnName&ostan=EnName[...][&filters]` */
export const CompareAnswer = Type.Object({
  Provinces: Type.Array(Type.Object({ EnName: string(), NameFa: string(), Population: integer() })),
  Types: Type.Array(
    Type.Object({ TypeId: string(), Route: string(), Title: string(), Cells: Type.Array(CompareCell) }),
  ),
});
export type CompareAnswer = Static<typeof CompareAnswer>;

/** `GET /api/equity/{typeId}?level=province|county&km=K[&filters]`: one row per province or county. */
export const EquityRow = Type.Object({
  Code: Type.String({ description: 'The province’s ISO 3166-2 code, or the county’s census code' }),
  Name: Type.String({ description: 'The Persian name' }),
  EnName: Type.String({ description: 'The English name (a county: its Persian name, none being published)' }),
  Province: Type.String({ description: 'The province’s English name' }),
  Population: integer(),
  Youth: Type.Integer({ description: 'Residents aged 15-29 (2016 census)' }),
  Women: integer(),
  LabourForce: Type.Integer({ description: 'Economically active residents aged 10 and over' }),
  Unemployed: integer(),
  LabourForceWomen: integer(),
  UnemployedWomen: integer(),
  Count: Type.Integer({ description: 'Locations of the type (with the filters)' }),
  PerYouth100k: Type.Number({ description: 'Locations per 100,000 residents aged 15-29' }),
  UnemploymentRate: Type.Number({ description: 'Unemployed / labour force, 0 to 1' }),
  UnemploymentRateWomen: Type.Number({ description: 'The same, of women' }),
  YouthShare: Type.Number({ description: 'Residents aged 15-29 / residents' }),
  FarShare: Type.Number({ description: 'Residents farther than Km from the nearest location / residents' }),
  YouthFarShare: Type.Number({ description: 'The same of residents aged 15-29' }),
  WomenFarShare: Type.Number({ description: 'The same of women' }),
  Need: Type.Number({
    description: 'Need, 0 to 1: the mean of where the row stands in unemployment, youth share and FarShare',
  }),
  NeedRank: Type.Integer({ description: '1 for the most need against the least supply (domain/equity.ts)' }),
  Lat: nullable(Type.Number({ description: 'Where to draw it: a county’s seat, a province’s centre; null: no seat' })),
  Long: nullable(Type.Number()),
  Seated: Type.Boolean({
    description:
      'A county placed at its own seat; false: its people are spread over its province, and its locations counted in its neighbours',
  }),
});
export type EquityRow = Static<typeof EquityRow>;

/** `POST /api/area/{typeId}`: what lies inside a drawn ring. */
export const AreaAnswer = Type.Object({
  Count: integer(),
  ByGender: Type.Array(FacetCount),
  Names: Type.Array(string(), { description: 'The first names inside, in Persian order' }),
});
export type AreaAnswer = Static<typeof AreaAnswer>;

const changed = () => Type.Integer({ minimum: 0 });
export const ChangeCounts = Type.Object({ Added: changed(), Removed: changed(), Moved: changed(), Renamed: changed() });
export type ChangeCounts = Static<typeof ChangeCounts>;

/** `GET /api/changes[?since=VERSION]`: what each applied import changed, newest first. */
export const DatasetChange = Type.Object({
  ...ChangeCounts.properties,
  Version: integer(),
  UpdatedAt: string(),
  ByType: Type.Array(
    Type.Object({
      ...ChangeCounts.properties,
      TypeId: string(),
      Route: string(),
      ByProvince: Type.Array(Type.Object({ ...ChangeCounts.properties, EnName: string() })),
    }),
  ),
});
export type DatasetChange = Static<typeof DatasetChange>;

/** What the server says of its own vector basemap. */
export const BasemapAnswer = Type.Object({
  Url: nullable(
    Type.String({ description: 'A same-origin path to a PMTiles archive (range requests); null: none here' }),
  ),
});
export type BasemapAnswer = Static<typeof BasemapAnswer>;

/** `GET /api/downloads/{version}/metadata.json`: what a version's files hold, whence, and under what licence. */
export const DownloadMetadata = Type.Object({
  Version: integer(),
  UpdatedAt: string(),
  Source: string(),
  Licence: string(),
  Fields: Type.Array(Type.Object({ Name: string(), Meaning: string() })),
  Count: integer(),
  ByType: Type.Array(Type.Object({ Type: string(), TypeId: string(), Title: string(), Count: integer() })),
});
export type DownloadMetadata = Static<typeof DownloadMetadata>;

/** Locations as GeoJSON points, with the given properties. */
function pointsAsGeoJson<P extends Record<string, TSchema>>(properties: P) {
  return Type.Object({
    type: Type.Literal('FeatureCollection'),
    features: Type.Array(
      Type.Object({
        type: Type.Literal('Feature'),
        geometry: Type.Object({
          type: Type.Literal('Point'),
          coordinates: Type.Array(number(), { minItems: 2, maxItems: 2 }),
        }),
        properties: Type.Object(properties),
      }),
    ),
  });
}

/** An area's or a type's locations as GeoJSON, each with its name and Guid. */
export const LocationsGeoJson = pointsAsGeoJson({ Name: string(), Guid: string() });

/** The import format as GeoJSON (a download): the location's columns as properties. */
export const ImportGeoJson = pointsAsGeoJson({
  Guid: string(),
  Type: string(),
  NameMakanAmoozeshi: string(),
  Ostan: string(),
});

/** A viewport type's tile index (domain/pointTiles.ts): the version its tiles' addresses name, and their levels. */
export const TileIndex = Type.Object({
  Version: Type.Integer({ description: 'The dataset version: tiles are read under /api/tiles/{typeId}/{Version}/…' }),
  MinLevel: Type.Integer({ description: 'The highest tile level served (a tile twice the scale of the marker zoom)' }),
  MaxLevel: Type.Integer({ description: 'The deepest tile level served' }),
});
export type TileIndex = Static<typeof TileIndex>;
