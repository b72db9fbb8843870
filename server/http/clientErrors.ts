/**
 * Requests Node cannot read as HTTP (headers past its 16 KiB, a malformed request line, a request not received
 * within the request timeout) never reach a route: Node hands the socket to this, and the connection is closed
 * after the answer. Fastify's own handler wrote that answer without `Connection: close`, so a keep-alive client (Node's
 * agent, a proxy reusing its connections) took the connection for open and sent its next request into a socket
 * already closed: "socket hang up" for a request that did nothing wrong (found by sending every route hostile values,
 * one connection reused). It also wrote into a connection whose answer to an earlier, pipelined request had begun,
 * which Node's own handler never does, as that corrupts the answer being read.
 */
import type { Socket } from 'node:net';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../domain/gateway';
import { codeOfStatus, sendError } from './errors';
import type { SafetyHeaders } from './security';

/** What the client is told, by Node's error code; anything else it could not read is a bad request. */
const STATUS_BY_CODE: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'the request line and headers exceed 16 KiB' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'the request was not received within the time allowed' },
};
const UNREADABLE = { status: 400, message: 'the request is not readable as HTTP/1.1' };

/** The raw answer to a request Node could not read: JSON {error, message}, and the connection closed after it. */
function clientErrorAnswer(code: string | undefined): string {
  const { status, message } = STATUS_BY_CODE[code ?? ''] ?? UNREADABLE;
  const body = JSON.stringify({ error: codeOfStatus(status), message } satisfies ApiError);
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Connection: close',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    '',
    body,
  ].join('\r\n');
}

/** Node's `_httpMessage`: the answer in progress on a connection, if any (what Node's own handler checks). */
interface ConnectionInUse {
  _httpMessage?: { headersSent?: boolean } | null;
}

/** Fastify's `clientErrorHandler`: answers as above where nothing else is being written, then closes. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A connection the client reset has no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answering = (socket as Socket & ConnectionInUse)._httpMessage;
  if (socket.writable && !answering?.headersSent) socket.write(clientErrorAnswer(error.code));
  socket.destroy(error);
}

/** Longest path segment the router reads (Fastify's default, said in the refusal). */
export const MAX_PARAM_LENGTH = 100;

const UNROUTABLE: Record<string, string> = {
  FST_ERR_BAD_URL: 'the address is not valid percent-encoded UTF-8',
  FST_ERR_MAX_PARAM_LENGTH: `a part of the address is longer than ${MAX_PARAM_LENGTH} characters`,
};

/**
 * Fastify's `frameworkErrors`: an address the router cannot read (`%zz`, bytes that are not UTF-8, a segment past
 * its length). Fastify answered these itself, outside every hook (no security headers, no request id) and in its own
 * shape (`"error": "Bad Request"`, a 414 no route describes), echoing the address; now they are the API's 400 with
 * the headers every answer carries. The hooks still do not run for them: they are given here.
 */
export function answerUnroutable(headers: SafetyHeaders) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const message = UNROUTABLE[error.code] ?? 'the address cannot be read';
    reply.header('x-request-id', request.id).header('cache-control', 'no-store');
    headers(request.raw, reply.raw, () => {
      void sendError(reply, 400, { error: codeOfStatus(400), message });
    });
  };
}

/**
 * Node's `checkExpectation`: a request whose `Expect` is anything but `100-continue` never reaches a route. Node
 * answered it a bare 417 (no body, no security headers); it is the API's refusal now, with the headers every
 * answer carries. (`100-continue` itself Node answers at once, and the route then reads the body as usual.)
 */
export function answerUnmetExpectation(headers: SafetyHeaders) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const body = JSON.stringify({
      error: codeOfStatus(417),
      message: 'the only expectation this server meets is Expect: 100-continue',
    } satisfies ApiError);
    headers(request, response, () => {
      response.writeHead(417, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'cache-control': 'no-store',
      });
      response.end(body);
    });
  };
}
