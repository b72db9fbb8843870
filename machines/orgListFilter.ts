/**
 * The filter runs on each key release. Text longer than one character narrows the full list to names
 * containing it (or, where none does, it read with an «و» put back); an empty box brings back the full list;
 * a single character leaves the list as it is. Matching follows the shared Persian rule (domain/text.ts):
 * Arabic and Persian letter variants and digit forms match each other, while Latin letters keep the
 * spec's case-sensitivity.
 */
import { foldText, indicesContaining } from '../domain/text';

export const FILTER_MIN_LENGTH = 2;

const CASE_SENSITIVE = { caseSensitive: true };
/** Folded copies of each loaded list, made once per list rather than on every key. */
const foldedLists = new WeakMap<readonly string[], readonly string[]>();

/**
 * Folds a loaded list ahead of the first key (a view calls it when the browser is idle after showing the
 * rows): hundreds of thousands of names take a noticeable moment, better spent before anyone types.
 */
export function prepareFilter(all: readonly string[]): void {
  foldedOf(all);
}

function foldedOf(all: readonly string[]): readonly string[] {
  let folded = foldedLists.get(all);
  if (!folded) {
    folded = all.map((name) => foldText(name, CASE_SENSITIVE));
    foldedLists.set(all, folded);
  }
  return folded;
}

export function filterOnKeyUp(all: readonly string[], shown: readonly string[], text: string): readonly string[] {
  if (text.length >= FILTER_MIN_LENGTH) {
    // As the name search: «فنی حرفه ای» finds «فنی و حرفه‌ای» where nothing contains it as typed.
    return indicesContaining(foldedOf(all), foldText(text, CASE_SENSITIVE)).map((i) => all[i]!);
  }
  if (text.length === 0) return all;
  return shown;
}
