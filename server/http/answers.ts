/**
 * How the routes document their answers beside the shapes themselves (domain/wire/answers.ts): the errors a
 * route may give, files, and answers offered in several media types. The OpenAPI description
 * (/api/openapi.json) is generated from these, and a test checks real answers of every route against it.
 * They document, and never filter: the answers are written as they are built (see openApi.ts), so a field
 * missing from a schema is a failing test, not a field silently dropped.
 */
import { Type } from 'typebox';
import { ApiError } from '../../domain/wire/answers';

/**
 * The errors a route may answer, each with the error body. 429, 500 and 503 are possible everywhere: 503 is the
 * server's refusal with Retry-After (the database gone or short of room, the dataset changing under the answer),
 * which a client or balancer asks again; it went undescribed on most routes.
 */
export function errors(...statuses: number[]): Record<number, typeof ApiError> {
  return Object.fromEntries([...statuses, 429, 500, 503].map((status) => [status, ApiError]));
}

/** A file of any kind (CSV, GeoJSON, the compact points, a PDF): described, not schema-checked. */
export const fileAnswer = Type.Unsafe<unknown>({ type: 'string', format: 'binary' });

/** An answer offered in several media types (the Accept header or a `format` parameter chooses). */
export function media(byType: Record<string, unknown>) {
  return { content: Object.fromEntries(Object.entries(byType).map(([type, schema]) => [type, { schema }])) };
}
