/**
 * Which sides of the map panels lying over it cover (the open sidebar, the near-me and marker-list panel), so
 * the country, a province or a list of the nearest is framed in the part left in view, not under a panel.
 */

/** Marks a panel that lies over the map's side while it is shown (a class where no attribute can be set). */
export const COVERS_MAP_CLASS = 'covers-map';
const PANELS = `[data-covers-map="true"], .${COVERS_MAP_CLASS}`;

/**
 * Marks a phone's bottom sheet (the near-me list, the answer to a question): it covers the map's lower half, so the
 * map's buttons stand in one row along the map's top edge while it is open (app.css), every one above it and usable.
 */
export const PHONE_SHEET_CLASS = 'phone-sheet';

/**
 * Marks the map's own button columns: drawn over the map's tooltips, so a tooltip keeps clear of them (only that:
 * framing a place may put it beside them, as the map's whole width is still seen around them).
 */
export const MAP_BUTTONS_CLASS = 'map-buttons';

export interface CoveredSides {
  left: number;
  right: number;
}

export const NOTHING_COVERED: CoveredSides = { left: 0, right: 0 };

/**
 * How far in from the map's left and right edges the panels over it reach. A panel is taken at its full width
 * from the edge it lies against, even while it is still sliding in (framing asked meanwhile would otherwise
 * leave part of it over the framed places). A panel over most of the map (a phone's open menu, a bottom
 * sheet) is left out: it is closed to look, or kept clear some other way. `selector`: the panels (by default
 * those marked as covering the map; the map's buttons for its tooltips).
 */
export function coveredSides(container: HTMLElement, selector = PANELS): CoveredSides {
  const map = container.getBoundingClientRect();
  const covered = { left: 0, right: 0 };
  for (const panel of document.querySelectorAll<HTMLElement>(selector)) {
    const box = panel.getBoundingClientRect();
    if (box.width === 0 || box.width > map.width / 2 || box.bottom <= map.top || box.top >= map.bottom) continue;
    const centre = (box.left + box.right) / 2;
    if (centre - map.left <= map.right - centre)
      covered.left = Math.max(covered.left, box.width + Math.max(0, box.left - map.left));
    else covered.right = Math.max(covered.right, box.width + Math.max(0, map.right - box.right));
  }
  return covered;
}

/**
 * Runs `then` once a panel beside the map is in the page, or after `waitMs` if none comes: a list of the
 * nearest can arrive (from the browser's cache) before the panel listing it has mounted, and was then framed as
 * if nothing covered the map. Returns a cancel.
 */
export function whenSidePanelShown(then: () => void, waitMs = 1000): () => void {
  const shown = () => document.querySelector(`.${COVERS_MAP_CLASS}`) !== null;
  if (shown()) {
    then();
    return () => {};
  }
  let done = false;
  const stop = () => {
    done = true;
    observer.disconnect();
    clearTimeout(timer);
  };
  const finish = () => {
    if (done) return;
    stop();
    then();
  };
  const observer = new MutationObserver(() => shown() && finish());
  observer.observe(document.body, { childList: true, subtree: true });
  const timer = setTimeout(finish, waitMs);
  return stop;
}
