/**
 * When the map first drew its data: what the first screen can do without (the bold font weight, installing
 * the service worker, which downloads the whole build) waits for it, so on a slow link it does not share the
 * line with the map's own files. A page that draws no map (the statistics opened first) or a map that never
 * draws holds them back only a little after the page's load.
 */
/** How long after the page's load event the deferred work waits for the map at most. */
export const MAP_WAIT_CAP_MS = 3_000;

let markDrawn: () => void = () => undefined;
const drawn = new Promise<void>((resolve) => (markDrawn = resolve));

/** Called by the map each time it has drawn its data with every layer loaded; only the first call counts. */
export function mapDrawn(): void {
  markDrawn();
}

/** Resolves once the map has drawn its data with every layer loaded (never, on a page without a map). */
export const whenMapDrawn = (): Promise<void> => drawn;

let markShown: () => void = () => undefined;
const statisticsShown = new Promise<void>((resolve) => (markShown = resolve));

/** Called by the statistics tab each time it shows its figures; only the first call counts. */
export function statisticsDrawn(): void {
  markShown();
}

/**
 * Resolves once the first screen is up, whichever it is: the map drawn, the statistics shown, or
 * `MAP_WAIT_CAP_MS` after the page's load when neither has come.
 */
export async function afterFirstScreen(): Promise<void> {
  const capped = async () => {
    if (document.readyState !== 'complete')
      await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
    await new Promise<void>((resolve) => setTimeout(resolve, MAP_WAIT_CAP_MS));
  };
  await Promise.race([drawn, statisticsShown, capped()]);
}

/** Resolves once the page has loaded and its map has drawn, or `MAP_WAIT_CAP_MS` after the load. */
export async function afterLoadAndMap(): Promise<void> {
  if (document.readyState !== 'complete')
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  await Promise.race([drawn, new Promise<void>((resolve) => setTimeout(resolve, MAP_WAIT_CAP_MS))]);
}
