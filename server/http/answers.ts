/**
 * What each route answers, as JSON Schema: the OpenAPI description (/api/openapi.json) is generated from
 * these, and a test checks real answers of every route against it. They document, and never filter: the
 * answers are written as they are built (see openApi.ts), so a field missing here is a failing test, not a
 * field silently dropped.
 */
import { DETAIL_FIELDS, type FieldKind } from '../../domain/locationFields';
import { FACET_KEYS } from '../../domain/filters';

const string = { type: 'string' } as const;
const number = { type: 'number' } as const;
const integer = { type: 'integer' } as const;
const boolean = { type: 'boolean' } as const;

const object = (properties: Record<string, unknown>, required = Object.keys(properties)) =>
  ({ type: 'object', required, properties }) as const;
const list = (items: unknown) => ({ type: 'array', items }) as const;

/** Every 4xx and 5xx: what went wrong, for programs (`error`) and for people (`message`). */
export const errorAnswer = object({ error: string, message: string });

/** The errors a route may answer, each with the error body. */
export function errors(...statuses: number[]): Record<number, typeof errorAnswer> {
  return Object.fromEntries([...statuses, 429, 500].map((status) => [status, errorAnswer]));
}

export const mapLocationAnswer = object({ Lat: number, Long: number, Name: string, Guid: string });
export const mapLocationsAnswer = list(mapLocationAnswer);
/** Our labels call: the gateway's fields, and whom each location admits. */
export const pointLabelsAnswer = list(
  object({ ...mapLocationAnswer.properties, Gender: string }, [...mapLocationAnswer.required, 'Gender']),
);

export const clusterItemsAnswer = list(
  object({ Lat: number, Long: number, Count: integer, ExpansionZoom: number }, ['Lat', 'Long', 'Count']),
);

export const datasetMetaAnswer = object({ version: integer, updatedAt: string, locations: integer });

export const healthAnswer = object({
  status: { type: 'string', enum: ['ready', 'warming'] },
  version: integer,
  rewarming: boolean,
});

export const typesAnswer = list(
  object({
    route: string,
    typeId: string,
    loadMode: { type: 'string', enum: ['fixed', 'viewport'] },
    minZoom: { type: ['number', 'null'] },
    titleFa: string,
    menuOrder: { type: ['integer', 'null'] },
    statsEnabled: boolean,
  }),
);

const VALUE_OF_KIND: Record<FieldKind, unknown> = {
  text: string,
  flag: boolean,
  dynamicFields: list(
    object({
      Label: string,
      Value: string,
      Type: { type: 'string', enum: ['input', 'check', 'text', 'file', 'image'] },
    }),
  ),
};

/** The gateway's location detail, derived from the one field table. */
export const locationDetailAnswer = object({
  ...Object.fromEntries(DETAIL_FIELDS.map((field) => [field.gateway, VALUE_OF_KIND[field.kind]])),
  // Ours, beyond the gateway (domain/gateway.ts LocatedDetail): where the location is.
  Lat: number,
  Long: number,
});

export const chartRowsAnswer = list(
  object({ Count: integer, OstanName: string, LocationEnName: string, DataType: string }),
);
export const piePointsAnswer = list(object({ Name: string, Count: integer }));
export const namesAnswer = list(string);

const treeNodeFields = {
  Guid: string,
  ClimateType: string,
  EnName: string,
  Gazstid: number,
  Gcode: number,
  GgeoLocationGuid: string,
  isInIran: boolean,
  isIranNeighbor: boolean,
  isMarzi: boolean,
  LocationTypeGuid: string,
  LongGcode: number,
  MarziCountryGuid: string,
  Name: string,
  PGuid: string,
  LocationTypeName: string,
  LocationEnName: string,
  GgeoLocationName: string,
  GLevel: integer,
  checked: boolean,
  IsParent: boolean,
  LocationTypeGkey: string,
  children: list({ type: 'object' }),
  LocationTypeGkeyID: integer,
  ChildIsOpen: boolean,
  ParentName: string,
};
export const treeAnswer = list(object(treeNodeFields));

export const searchAnswer = list(
  object({ Guid: string, Name: string, Lat: number, Long: number, TypeId: string, Route: string, OstanName: string }),
);
export const nearestAnswer = list(
  object({ Guid: string, Name: string, Lat: number, Long: number, DistanceKm: number, Gender: string }),
);
export const tradesAnswer = list(object({ Trade: string, Count: integer }));
export const placesAnswer = list(
  object(
    {
      Name: string,
      Kind: { type: 'string', enum: ['province', 'city'] },
      Lat: number,
      Long: number,
      Ostan: string,
      NameEn: string,
    },
    ['Name', 'Kind', 'Lat', 'Long', 'Ostan'],
  ),
);

const facetCounts = list(object({ Value: string, Count: integer }));
export const facetsAnswer = object(Object.fromEntries(FACET_KEYS.map((key) => [key, facetCounts])));

export const coverageAnswer = object({
  Km: number,
  PopulationTotal: integer,
  PopulationFar: integer,
  Provinces: list(object({ EnName: string, PopulationTotal: integer, PopulationFar: integer })),
  Settlements: list(
    object(
      {
        Name: string,
        NameFa: string,
        Lat: number,
        Long: number,
        Population: integer,
        NearestKm: { type: ['number', 'null'] },
      },
      ['Name', 'Lat', 'Long', 'Population', 'NearestKm'],
    ),
  ),
});

export const compareAnswer = object({
  Provinces: list(object({ EnName: string, NameFa: string, Population: integer })),
  Types: list(
    object({
      TypeId: string,
      Route: string,
      Title: string,
      Cells: list(object({ EnName: string, Count: integer, Per100k: number, Rank: integer, Gender: facetCounts })),
    }),
  ),
});

export const areaAnswer = object({ Count: integer, ByGender: facetCounts, Names: list(string) });

/** Locations as GeoJSON points, each with its name and Guid as properties. */
export const geoJsonAnswer = pointsAsGeoJson({ Name: string, Guid: string });

function pointsAsGeoJson(properties: Record<string, unknown>) {
  return object({
    type: { const: 'FeatureCollection' },
    features: list(
      object({
        type: { const: 'Feature' },
        geometry: object({
          type: { const: 'Point' },
          coordinates: { type: 'array', items: number, minItems: 2, maxItems: 2 },
        }),
        properties: object(properties),
      }),
    ),
  });
}

/** The import format as GeoJSON (a download): the location's columns as properties. */
export const importGeoJsonAnswer = pointsAsGeoJson({
  Guid: string,
  Type: string,
  NameMakanAmoozeshi: string,
  Ostan: string,
});

/** A file of any kind (CSV, GeoJSON, the compact points, a PDF): described, not schema-checked. */
export const fileAnswer = { type: 'string', format: 'binary' } as const;

/** An answer offered in several media types (the Accept header or a `format` parameter chooses). */
export function media(byType: Record<string, unknown>) {
  return { content: Object.fromEntries(Object.entries(byType).map(([type, schema]) => [type, { schema }])) };
}

export const basemapAnswer = object({ Url: { type: ['string', 'null'] } });
