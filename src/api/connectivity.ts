/**
 * Whether the last API answer came from the server or from the service worker's offline copy (it marks those
 * with OFFLINE_HEADER). The app's status machine listens, to show or hide its offline badge.
 */
import { OFFLINE_HEADER } from '../../domain/http';

export type AnswerSource = 'server' | 'copy';
type Listener = (source: AnswerSource) => void;

const listeners = new Set<Listener>();

/** Called by the HTTP layer for every answer it receives. */
export function noteAnswer(response: Response): void {
  noteSource(response.headers.get(OFFLINE_HEADER) === '1' ? 'copy' : 'server');
}

/** Called for an answer read elsewhere (the points worker), which says where it came from. */
export function noteSource(source: AnswerSource): void {
  for (const listener of listeners) listener(source);
}

export function onAnswer(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
