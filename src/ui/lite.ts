/** Whether this page is the light one (domain/lite.ts), decided once when it loads. */
import { chooseLite, LITE_PARAM } from '../../domain/lite';

/** Chromium's Network Information API; other browsers have no `connection` and say nothing of Save-Data. */
interface SaveDataNavigator {
  connection?: { saveData?: boolean };
}

export const LITE = chooseLite(
  new URLSearchParams(window.location.search).get(LITE_PARAM),
  (navigator as SaveDataNavigator).connection?.saveData,
);

/** This page's address as the full page (`?lite=0`): the light choice is made when a page loads, so it reloads. */
export function fullPageAddress(): string {
  const url = new URL(window.location.href);
  url.searchParams.set(LITE_PARAM, '0');
  return url.pathname + url.search + url.hash;
}
