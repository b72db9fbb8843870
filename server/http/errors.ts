import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ApiError } from '../../domain/gateway';

/** An error the client caused, answered with its status and a JSON {error, message}. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** When to ask again (Retry-After), for a refusal that will pass. */
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, 'bad_request', message);
export const notFound = (code: string, message: string) => new HttpError(404, code, message);

export function sendError(reply: FastifyReply, status: number, body: ApiError): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  403: 'forbidden',
  404: 'not_found',
  408: 'request_timeout',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  417: 'expectation_failed',
  429: 'rate_limited',
  431: 'headers_too_large',
};

/** The `error` code a client error's status answers with where nothing more particular is known. */
export const codeOfStatus = (status: number): string => CODE_BY_STATUS[status] ?? 'client_error';

/** Every failure answers {error, message}; client errors say what was wrong, server errors never leak a stack. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      // A refusal of the server's own (a database gone, unwritable or busy) is what an operator looks for: its code,
      // one line a request (what caused it is logged where it is noticed, once).
      if (error.statusCode >= 500)
        request.log.warn({ error: error.code, method: request.method, url: request.url }, 'request refused');
      if (error.retryAfterS !== undefined) reply.header('retry-after', String(error.retryAfterS));
      return sendError(reply, error.statusCode, { error: error.code, message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (error.validation)
      return sendError(reply, 400, {
        error: 'bad_request',
        message: `invalid ${error.validationContext ?? 'request'}: ${error.message}`,
      });
    if (status >= 400 && status < 500) {
      return sendError(reply, status, { error: codeOfStatus(status), message: error.message });
    }
    // One JSON line per server failure, with its cause; the request id goes back to the client to quote.
    request.log.error({ err: error, method: request.method, url: request.url, status: 500 }, 'request failed');
    return sendError(reply, 500, { error: 'internal', message: `internal server error (request ${request.id})` });
  });
}
