/** JSON schemas shared by the routes. */
import { GUID_PATTERN_SOURCE } from '../../domain/guid';

export const guidString = { type: 'string', pattern: GUID_PATTERN_SOURCE } as const;

export const typeIdParams = {
  type: 'object',
  required: ['typeId'],
  properties: { typeId: guidString },
} as const;

const latitude = { type: 'number', minimum: -90, maximum: 90 } as const;
const longitude = { type: 'number', minimum: -180, maximum: 180 } as const;

export const viewportBoundsBody = {
  type: 'object',
  required: ['MinLat', 'MinLon', 'MaxLat', 'MaxLon'],
  additionalProperties: false,
  properties: { MinLat: latitude, MinLon: longitude, MaxLat: latitude, MaxLon: longitude },
} as const;

export const clusterQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    zoom: { type: 'number', minimum: 0, maximum: 24 },
    minLat: latitude,
    minLon: longitude,
    maxLat: latitude,
    maxLon: longitude,
  },
} as const;
