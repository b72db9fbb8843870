/**
 * The picture of the map a server-rendered page painted (Iran's provinces shaded by the type's counts, with
 * their bubbles, server/pages/provinceMapSvg.ts): taken from the page before the app renders over it, and given
 * to the map's box to show until the interactive map has drawn (src/map/ServerMapPicture.tsx). A bare shell
 * has none.
 */
let picture: SVGSVGElement | null = null;

/** Called once, before the app's first render replaces the server's page. */
export function keepServerPicture(): void {
  const svg = document.querySelector<SVGSVGElement>('#ssr-map svg');
  if (!svg) return;
  // The map's box names the map: the picture in it is decoration.
  svg.removeAttribute('role');
  svg.removeAttribute('aria-label');
  svg.setAttribute('aria-hidden', 'true');
  picture = svg;
}

/** The kept picture, once: the first map's box shows it; a later one (another type) starts without. */
export function takeServerPicture(): SVGSVGElement | null {
  const taken = picture;
  picture = null;
  return taken;
}
