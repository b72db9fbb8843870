/**
 * A page the server rendered carries the app's stylesheet preloaded, not applied (so its answer paints without
 * it): the app applies it where the build put it in the head, ahead of the styles the app adds there (Mantine's
 * variables override its defaults by coming later), and renders once it is in force. A page without it (the bare
 * shell, the dev server) has nothing to wait for.
 */
import { DEFERRED_STYLE_ATTRIBUTE } from '../../domain/http';

export function applyDeferredStyles(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_STYLE_ATTRIBUTE}]`)];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          // A stylesheet that fails to load is not waited for: the app still starts, as it would without it.
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          link.rel = 'stylesheet';
        }),
    ),
  ).then(() => undefined);
}
