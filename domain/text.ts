/** Text rules both sides share. */

const NAME_COLLATOR = new Intl.Collator('fa', { numeric: true });

/** The order of names in lists: Persian alphabetical, numbers inside names by value ("تهران ۹" before "تهران ۶۸"). */
export function compareNames(a: string, b: string): number {
  return NAME_COLLATOR.compare(a, b);
}

/**
 * Stored text: Arabic yeh (ي, ى) and kaf (ك) become the Persian ی and ک, and surrounding white space goes;
 * nothing else of the text is changed. Imports store names this way.
 */
export function normalizeStoredText(text: string): string {
  return text.replace(/[يى]/g, 'ی').replace(/ك/g, 'ک').trim();
}
