/** A request's failure in words: the API layer and the machines keep failures typed, and only views word them. */
import { formatCount } from './format';
import { DATASET_CHANGING, OFFLINE_UNSEEN, VERSION_BEHIND } from '../../domain/http';
import { STALE_POINTS_ERROR } from '../../domain/pointsWire';
import { NOT_ON_MAP, type RequestFailure } from '../../domain/requestFailure';
import { t } from './words';

/** Why the request failed, in Persian; `null` (nothing failed) gives null. */
export function failureText(failure: RequestFailure | null): string | null {
  if (failure === null) return null;
  switch (failure.kind) {
    case 'network':
      return t.errors.network;
    case 'timeout':
      return t.errors.timeout;
    case 'aborted':
    case 'malformed':
    case 'unexpected':
      return t.errors.server;
    case 'http':
      return httpText(failure.status ?? 500, failure.code, failure.retryAfterS ?? null);
  }
}

function httpText(status: number, code: string | null, retryAfterS: number | null): string {
  // A locked account says how long it stays locked.
  if (code === 'signin_locked' && retryAfterS !== null) return t.desk.lockedFor(waitText(retryAfterS));
  // The marker's ids belong to data the server has since replaced: the map has already reloaded.
  if (status === 409 && code === STALE_POINTS_ERROR) return t.errors.dataChanged;
  // The staff desk's own refusals (server/routes/staffRoutes.ts, server/desk/uploads.ts).
  const desk = t.desk.errors as Record<string, string>;
  if (code !== null && code in desk) return desk[code]!;
  if (status === 404) return code === NOT_ON_MAP ? t.stats.notFoundOnMap : t.errors.notFound;
  if (status === 429) return t.errors.rateLimited;
  if (status === 503 && code === OFFLINE_UNSEEN) return t.offline.unseen;
  // This server has not reached the data already shown (a balancer normally asks another one first).
  if (status === 503 && (code === VERSION_BEHIND || code === DATASET_CHANGING)) return t.errors.updating;
  if (status === 403) return t.errors.forbidden;
  if (status >= 400 && status < 500) return t.errors.badRequest;
  return t.errors.server;
}

/** A wait in the page's words: seconds up to two minutes, then whole minutes (rounded up). */
function waitText(seconds: number): string {
  return seconds < 120
    ? t.desk.waitSeconds(formatCount(seconds))
    : t.desk.waitMinutes(formatCount(Math.ceil(seconds / 60)));
}
