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

/**
 * The statistics a server-rendered statistics tab showed (its total, sentence and tables): kept so the app's tab
 * shows them, not a spinner, until its own charts are ready (a visitor had just read them; for half a second they
 * gave way to a spinner). Null on any other page.
 */
let figures: HTMLElement | null = null;

const FIGURE_IDS = ['ssr-total', 'ssr-sentence', 'ssr-provinces', 'ssr-gender'];

/** Called once, with keepServerPicture, before the app's first render replaces the server's page. */
export function keepServerFigures(): void {
  if (!document.getElementById('ssr-gender')) return;
  const kept = document.createElement('div');
  kept.className = 'ssr server-figures';
  kept.setAttribute('data-testid', 'server-figures');
  for (const id of FIGURE_IDS) {
    const element = document.getElementById(id);
    if (element) kept.append(element);
  }
  figures = kept;
}

/** The kept statistics, while the tab has not drawn its own. */
export const serverFigures = (): HTMLElement | null => figures;

/** The tab has drawn its own: the page's statistics are not shown again. */
export function dropServerFigures(): void {
  figures = null;
}
