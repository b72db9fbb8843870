/** Text rules both sides share. */

const NAME_COLLATOR = new Intl.Collator('fa', { numeric: true });

/** The order of names in lists: Persian alphabetical, numbers inside names by value ("تهران ۹" before "تهران ۶۸"). */
export function compareNames(a: string, b: string): number {
  return NAME_COLLATOR.compare(a, b);
}
