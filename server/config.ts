import { resolve } from 'node:path';
import { resolveTileUrl } from '../domain/tiles';

export interface ServerConfig {
  host: string;
  port: number;
  dbFile: string;
  /** Requests per minute per client on /api. */
  rateLimit: number;
  /** Built client (vite build output); null serves the API only. */
  clientDir: string | null;
  /** Origin of the raster tile server the client loads from, allowed by the CSP. */
  tileOrigin: string | null;
}

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

function originOf(template: string | null): string | null {
  if (template === null) return null;
  try {
    return new URL(template.replace(/\{[a-z]\}/g, '0')).origin;
  } catch {
    return null;
  }
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    host: env['HOST'] || '127.0.0.1',
    port: positiveInt('PORT', env['PORT'], 8080),
    dbFile: resolve(env['MAKAN_DB'] || 'data/makan.db'),
    rateLimit: positiveInt('MAKAN_RATE_LIMIT', env['MAKAN_RATE_LIMIT'], 600),
    clientDir: resolve('dist'),
    tileOrigin: originOf(resolveTileUrl(env['VITE_TILE_URL'])),
  };
}
