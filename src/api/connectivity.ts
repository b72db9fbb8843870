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
  const source: AnswerSource = response.headers.get(OFFLINE_HEADER) === '1' ? 'copy' : 'server';
  for (const listener of listeners) listener(source);
}

export function onAnswer(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
