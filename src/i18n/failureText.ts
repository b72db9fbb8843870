/** A request's failure in words: the API layer and the machines keep failures typed, and only views word them. */
import { OFFLINE_UNSEEN } from '../../domain/http';
import { STALE_POINTS_ERROR } from '../../domain/pointsWire';
import { NOT_ON_MAP, type RequestFailure } from '../../domain/requestFailure';
import { fa } from './fa';

/** Why the request failed, in Persian; `null` (nothing failed) gives null. */
export function failureText(failure: RequestFailure | null): string | null {
  if (failure === null) return null;
  switch (failure.kind) {
    case 'network':
      return fa.errors.network;
    case 'timeout':
      return fa.errors.timeout;
    case 'aborted':
    case 'malformed':
    case 'unexpected':
      return fa.errors.server;
    case 'http':
      return httpText(failure.status ?? 500, failure.code);
  }
}

function httpText(status: number, code: string | null): string {
  // The marker's ids belong to data the server has since replaced: the map has already reloaded.
  if (status === 409 && code === STALE_POINTS_ERROR) return fa.errors.dataChanged;
  if (status === 404) return code === NOT_ON_MAP ? fa.stats.notFoundOnMap : fa.errors.notFound;
  if (status === 429) return fa.errors.rateLimited;
  if (status === 503 && code === OFFLINE_UNSEEN) return fa.offline.unseen;
  if (status === 403) return fa.errors.forbidden;
  if (status >= 400 && status < 500) return fa.errors.badRequest;
  return fa.errors.server;
}
