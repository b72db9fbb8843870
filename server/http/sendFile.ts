/**
 * A file of ours sent whole or in ranges, as @fastify/send sends it: its length, `Accept-Ranges`, 206 for a
 * range, If-Range, ETag and Last-Modified from its size and time of change; its caching is the caller's to say.
 * The basemap's archive and the version's download files are sent through it.
 */
import { basename, dirname } from 'node:path';
import send from '@fastify/send';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';

export type SentFile =
  | { type: 'file'; statusCode: number; headers: Record<string, string>; stream: Readable }
  /** 416: the range lies past the file's end; 404: the file is gone; else it could not be read. */
  | { type: 'error'; status: number };

export async function sendFile(request: FastifyRequest, path: string): Promise<SentFile> {
  const sent = await send(request.raw, `/${encodeURIComponent(basename(path))}`, {
    root: dirname(path),
    acceptRanges: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    dotfiles: 'allow',
  });
  if (sent.type === 'file')
    return { type: 'file', statusCode: sent.statusCode, headers: sent.headers, stream: sent.stream };
  const error = sent.type === 'error' ? sent.metadata.error : null;
  return { type: 'error', status: error !== null && 'status' in error ? Number(error.status) : 500 };
}
