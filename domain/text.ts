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

const ARABIC_LETTERS = /[يىك]/g;
const PERSIAN_OF_ARABIC: Readonly<Record<string, string>> = { 'ي': 'ی', 'ى': 'ی', 'ك': 'ک' };
/** Arabic-Indic (٠-٩) and Persian (۰-۹) digits. */
const NON_ASCII_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
/** Tatweel, the short-vowel and other Arabic marks, and the superscript alef: what typists add or leave out. */
// eslint-disable-next-line no-misleading-character-class -- the marks are matched on their own, on purpose, to drop them
const IGNORED_MARKS = /[\u0640\u064B-\u065F\u0670]/g;
/** ZWNJ (half-space) and every kind of white space count as one space. */
const SPACES = /[\s\u200C\u200B\u200F\u200E]+/g;

/**
 * The one Persian-aware matching rule: what Persian typists mix up folds to one form, so text typed one way
 * finds text stored another. Arabic ي ى ك become Persian ی ک; Arabic-Indic and Persian digits become ASCII
 * digits; tatweel and short-vowel marks go; ZWNJ and runs of white space become one space; the ends are
 * trimmed; and Latin letters are lower-cased unless `caseSensitive` (the list dialog's filter keeps case).
 */
export function foldText(text: string, options: { caseSensitive?: boolean } = {}): string {
  const folded = text
    .normalize('NFC')
    .replace(ARABIC_LETTERS, (letter) => PERSIAN_OF_ARABIC[letter]!)
    .replace(NON_ASCII_DIGITS, (digit) => String((digit.codePointAt(0)! - 0x0660) % (0x06f0 - 0x0660)))
    .replace(IGNORED_MARKS, '')
    .replace(SPACES, ' ')
    .trim();
  return options.caseSensitive ? folded : folded.toLowerCase();
}

/** Whether `text` contains `query` under the folding rule (an empty query is found everywhere). */
export function foldedIncludes(text: string, query: string, options: { caseSensitive?: boolean } = {}): boolean {
  return foldText(text, options).includes(foldText(query, options));
}

/** Persian letters in the order the Persian collation puts them (Intl.Collator('fa')). */
const PERSIAN_ORDER = 'آاءأإؤئبپتثجچحخدذرزژسشصضطظعغفقکگلمنوهةۀی';
const SORT_POSITION = new Map([...PERSIAN_ORDER].map((letter, i) => [letter, String.fromCodePoint(0xe000 + i)]));
const DIGIT_RUN = /\d+/g;
const DIGIT_RUN_WIDTH = 12;

/**
 * A key whose plain code-point order is the order of `compareNames` for names of Persian letters, digits and
 * spaces: letters are mapped to their alphabetical position and digit runs zero-padded, so a database can
 * sort names by it without a Persian collation of its own.
 */
export function nameSortKey(name: string): string {
  return [...foldText(name).replace(DIGIT_RUN, (run) => run.replace(/^0+(?=\d)/, '').padStart(DIGIT_RUN_WIDTH, '0'))]
    .map((char) => SORT_POSITION.get(char) ?? char)
    .join('');
}
