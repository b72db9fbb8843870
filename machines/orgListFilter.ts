/**
 * Spec §4 "Org-location list dialog": the filter runs on each key release. Text longer than one
 * character narrows the full list to names containing it (case-sensitive substring); an empty box
 * brings back the full list; a single character leaves the list as it is.
 */
export const FILTER_MIN_LENGTH = 2;

export function filterOnKeyUp(all: readonly string[], shown: readonly string[], text: string): readonly string[] {
  if (text.length >= FILTER_MIN_LENGTH) return all.filter((name) => name.includes(text));
  if (text.length === 0) return all;
  return shown;
}
