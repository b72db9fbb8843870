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

/** White space as JavaScript's \s counts it, plus ZWNJ, zero-width space and the direction marks. */
function isSpace(code: number): boolean {
  return (
    code === 0x20 ||
    (code >= 0x09 && code <= 0x0d) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200c) ||
    code === 0x200e ||
    code === 0x200f ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Tatweel, the short-vowel and other Arabic marks, and the superscript alef: what typists add or leave out. */
const isIgnoredMark = (code: number) => code === 0x0640 || (code >= 0x064b && code <= 0x065f) || code === 0x0670;

/** Arabic yeh (ي ى) and kaf (ك) as Persian ی ک; Arabic-Indic (٠-٩) and Persian (۰-۹) digits as ASCII. */
function foldedCode(code: number): number {
  if (code === 0x064a || code === 0x0649) return 0x06cc;
  if (code === 0x0643) return 0x06a9;
  if (code >= 0x0660 && code <= 0x0669) return 0x30 + code - 0x0660;
  if (code >= 0x06f0 && code <= 0x06f9) return 0x30 + code - 0x06f0;
  return code;
}

/** Longer texts are assembled in slices: a spread of too many arguments overflows the stack. */
const SPREAD_LIMIT = 8_192;
function stringOfCodes(codes: number[]): string {
  let text = '';
  for (let i = 0; i < codes.length; i += SPREAD_LIMIT) text += String.fromCharCode(...codes.slice(i, i + SPREAD_LIMIT));
  return text;
}

/**
 * The one Persian-aware matching rule: what Persian typists mix up folds to one form, so text typed one way
 * finds text stored another. Arabic ي ى ك become Persian ی ک; Arabic-Indic and Persian digits become ASCII
 * digits; tatweel and short-vowel marks go; ZWNJ and runs of white space become one space; the ends are
 * trimmed; and Latin letters are lower-cased unless `caseSensitive` (the list dialog's filter keeps case).
 * One pass over the text (after NFC): it runs over every name of a list of hundreds of thousands.
 */
export function foldText(text: string, options: { caseSensitive?: boolean } = {}): string {
  const source = text.normalize('NFC');
  const codes: number[] = [];
  let spaceDue = false;
  for (let i = 0; i < source.length; i++) {
    const code = source.charCodeAt(i);
    if (isSpace(code)) {
      spaceDue = codes.length > 0;
      continue;
    }
    if (isIgnoredMark(code)) continue;
    if (spaceDue) {
      codes.push(0x20);
      spaceDue = false;
    }
    codes.push(foldedCode(code));
  }
  const folded = codes.length <= SPREAD_LIMIT ? String.fromCharCode(...codes) : stringOfCodes(codes);
  return options.caseSensitive ? folded : folded.toLowerCase();
}

/**
 * A number as Persian staff type it, or Excel under Persian settings writes it: its digits in any of the three
 * scripts as ASCII ones, and the Persian decimal separator (٫, U+066B) as a point. Nothing else is made a number.
 */
export function asciiNumeral(text: string): string {
  return foldText(text).replace(/\u066b/g, '.');
}

/** The most words a query is tried with an «و» put back between (one try per gap). */
const AND_VARIANT_WORDS = 6;

/**
 * A folded text of several words as it may have been meant with the «و» (and) left out between two of them
 * («فنی حرفه ای» for «فنی و حرفه ای», how the organisation's own name is often typed): one text per gap, for a
 * search that found nothing as typed to try next. None where the text has an «و» already or too many words.
 */
export function withAndBetween(folded: string): string[] {
  const words = folded.split(' ');
  if (words.length < 2 || words.length > AND_VARIANT_WORDS || words.includes('و')) return [];
  return words.slice(1).map((_, gap) => [...words.slice(0, gap + 1), 'و', ...words.slice(gap + 1)].join(' '));
}

/**
 * The positions of the folded names that contain the folded `query`, or, where none does, those that contain its
 * first reading with an «و» put back (`withAndBetween`) that any does: the rule the name search follows, for the
 * lists a browser filters itself.
 */
export function indicesContaining(foldedNames: readonly string[], query: string): number[] {
  // A plain loop: the list dialog filters hundreds of thousands of names on each key.
  const containing = (wanted: string) => {
    const found: number[] = [];
    for (let i = 0; i < foldedNames.length; i++) if (foldedNames[i]!.includes(wanted)) found.push(i);
    return found;
  };
  const found = containing(query);
  if (found.length > 0) return found;
  for (const variant of withAndBetween(query)) {
    const again = containing(variant);
    if (again.length > 0) return again;
  }
  return found;
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
