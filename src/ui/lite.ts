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
