/**
 * No control character reaches a route in what a client sends as text: one check for every parameter and body
 * of every route, the API's and the pages'. A NUL cut SQLite's strings short and PostgreSQL refuses it outright,
 * so a search with one answered 500; the others have no business in a name, a query or an address. A report's
 * text keeps its tabs and line breaks.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/** In a query or path parameter: any C0 control character, DEL, or a C1 control (U+0080-U+009F, NEL among them). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const IN_PARAMETER = /[\u0000-\u001f\u007f-\u009f]/;
/** In a body's text: the same, but for tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const IN_BODY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The name of the first value (within plain objects and arrays) with a forbidden character, or null. */
function foundIn(value: unknown, forbidden: RegExp, name: string, depth = 0): string | null {
  if (typeof value === 'string') return forbidden.test(value) ? name : null;
  // An upload's body is a stream, read elsewhere; nothing a schema allows nests this deep.
  if (value === null || typeof value !== 'object' || depth > 8) return null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = foundIn(item, forbidden, `${name}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  // A parsed query's object has a prototype of its own; a stream or bytes is not text to check here.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = forbidden.test(key)
      ? `${name} key`
      : foundIn(item, forbidden, name ? `${name}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

export function installControlCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const found =
      foundIn(request.query, IN_PARAMETER, '') ??
      foundIn(request.params, IN_PARAMETER, '') ??
      foundIn(request.body, IN_BODY, 'body');
    if (found === null) return done();
    done(
      new HttpError(400, 'bad_request', `${found || 'a parameter'} has a control character (such as NUL): remove it`),
    );
  });
}
