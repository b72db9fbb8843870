import { Type } from 'typebox';
import { LOCATION_TYPES } from '../../domain/locationTypes';
import { TypeSummary } from '../../domain/wire/answers';
import { errors } from '../http/answers';
import type { Api } from './context';

/** The fields the answer gives of each type: those its schema lists. */
const SUMMARY_FIELDS = Object.keys(TypeSummary.properties) as (keyof TypeSummary)[];

/** The catalogue itself, for clients that do not bundle it. */
export function registerTypeRoutes(app: Api): void {
  app.get(
    '/types',
    {
      schema: {
        tags: ['dataset'],
        summary: 'The catalogue of location types',
        response: { 200: Type.Array(TypeSummary), ...errors() },
      },
    },
    async () =>
      LOCATION_TYPES.map(
        (type) => Object.fromEntries(SUMMARY_FIELDS.map((field) => [field, type[field]])) as TypeSummary,
      ),
  );
}
