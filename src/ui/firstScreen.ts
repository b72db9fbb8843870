/**
 * When the map first drew its layers: what the first screen can do without (the bold font weight) waits for
 * it, so on a slow link it does not share the line with the map's own files. A page that draws no map (the
 * statistics opened first) or a map that never draws does not hold it back for long.
 */
/** How long after the page's load event the bold weight waits for the map at most. */
export const MAP_WAIT_CAP_MS = 3_000;

let markDrawn: () => void = () => undefined;
const drawn = new Promise<void>((resolve) => (markDrawn = resolve));

/** Called by the map each time it has drawn with every layer loaded; only the first call counts. */
export function mapDrawn(): void {
  markDrawn();
}

/** Resolves once the map has drawn, or `MAP_WAIT_CAP_MS` after it is called, whichever is first. */
export function afterMapOrSoon(): Promise<void> {
  return Promise.race([drawn, new Promise<void>((resolve) => setTimeout(resolve, MAP_WAIT_CAP_MS))]);
}
