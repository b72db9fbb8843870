/**
 * Reads an everyday question into its parts: the type, the trade, the audience, the place (or the asker's own
 * position) and what is wanted back. A small grammar over the lexicon (lexicon.ts), no model: the question is
 * folded (the shared rule: Arabic ي ك, three scripts of digits, marks, zero-width non-joiners), cut into words,
 * and read left to right taking the longest phrase the lexicon knows at each word, spaces ignored inside it, so
 * «لوله‌کشی», «لوله کشی» and «لولهکشی» are one. A word the lexicon does not know is tried without a plural or
 * ezafe ending, then against the trades' and places' names one slip away; what is still unknown is reported
 * as unused, never dropped in silence, and so is a second trade or town named where the answer takes one.
 */
import { foldText } from '../text';
import { latinSound } from './finglish';
import { isLatinTyping, persianOfKeys } from './keyboardLayout';
import type { AskDroppable, AskPlace, Understood } from '../wire/ask';
import { finglishMeaning, keyOf, type Lexicon, type Meaning } from './lexicon';
import { ASK_MAX_KM } from './limits';
import { KM_UNITS, type AskIntent } from './words';

export type { Understood };

export interface Reading {
  Understood: Understood;
  /** The words read as nothing, as folded. */
  Unused: string[];
  /** A Latin question read as Persian typed on an English keyboard: the Persian text it was read as. */
  PersianReading: string | null;
}

/** Endings read off a word the lexicon does not know as it stands: plurals, the ezafe, "-s". */
const PERSIAN_ENDINGS = ['هایی', 'های', 'ها', 'ترین', 'یی', 'ای', 'ان', 'ات', 'ی', 'ه'];
const LATIN_ENDINGS = ['es', 's'];
/** The same endings in Finglish ("amoozeshgah haye"), read off a word read as Finglish. */
const FINGLISH_ENDINGS = ['haye', 'hay', 'hai', 'ha', 'aye', 'ye'];
/** Written apart after a zero-width non-joiner or a space, these belong to the word before. */
const DETACHED_ENDINGS = new Set(['ها', 'های', 'هایی', 'ترین', 'تر', 'ای', 'ی', 'ha', 'haye', 'hay', 'hai']);

const PUNCTUATION = /[?؟!.,،;؛:«»"()[\]{}/\\|*+_=<>~^&%$#@-]/g;

/** The units of distance as the reader compares them (keys: folded, without spaces). */
const KM_KEYS = new Set(KM_UNITS.map((unit) => keyOf(unit)));
/** A number with a decimal point or none, and what is written joined after it. */
const NUMBER_FIRST = /^(\d+(?:٫\d+)?)(.*)$/u;

function wordsOf(text: string): string[] {
  const words: string[] = [];
  // A decimal point between digits is the number's (2.5 km), not punctuation: written as the Persian one.
  const pointsKept = text.replace(/(\p{Nd})[.٫](?=\p{Nd})/gu, '$1٫');
  for (const word of foldText(pointsKept.replace(PUNCTUATION, ' ')).split(' ')) {
    if (word === '') continue;
    const [, number, unit] = NUMBER_FIRST.exec(word) ?? [];
    if (words.length > 0 && DETACHED_ENDINGS.has(word)) words[words.length - 1] += word;
    // "10km", «۱۰کیلومتری»: the number and its unit, as if spaced.
    else if (number && unit && KM_KEYS.has(keyOf(unit))) words.push(number, unit);
    else words.push(word);
  }
  return words;
}

/** A number followed by a unit of distance (one word, or two: «کیلو متر»), within the distances a question may set. */
function distanceAt(words: string[], i: number): number | null {
  const [, number, rest] = NUMBER_FIRST.exec(words[i]!) ?? [];
  if (!number || rest !== '') return null;
  const next = words.slice(i + 1, i + 3).map(keyOf);
  if (!KM_KEYS.has(next[0] ?? '') && !KM_KEYS.has(next.join(''))) return null;
  const km = Number(number.replace('٫', '.'));
  return km > 0 && km <= ASK_MAX_KM ? km : null;
}

/** Damerau-Levenshtein distance of at most one: one letter wrong, missing, extra, or two swapped. */
function withinOneSlip(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (i === a.length) return true;
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

function endingsOf(key: string): string[] {
  return /[a-z]/.test(key) ? LATIN_ENDINGS : PERSIAN_ENDINGS;
}

/** A word as written and without each ending it may carry (longest ending first). */
function formsOf(word: string): string[] {
  const key = keyOf(word);
  const stems = endingsOf(key)
    .filter((ending) => key.length - ending.length >= 2 && key.endsWith(ending))
    .map((ending) => key.slice(0, -ending.length));
  return [key, ...stems];
}

/**
 * The meaning of a run of words: as written, else with a plural or ezafe ending read off one of its words
 * («کارگاه‌های سیار» is «کارگاه سیار» in the plural), else, in Latin letters, as Finglish: a Persian phrase
 * that sounds the same ("amoozeshgah" «آموزشگاه»).
 */
function lookUp(lexicon: Lexicon, words: string[]): Meaning | undefined {
  const keys = words.map(keyOf);
  const exact = lexicon.phrases.get(keys.join(''));
  if (exact) return exact;
  for (let j = 0; j < words.length; j++) {
    for (const stem of formsOf(words[j]!).slice(1)) {
      const meaning = lexicon.phrases.get([...keys.slice(0, j), stem, ...keys.slice(j + 1)].join(''));
      if (meaning) return meaning;
    }
  }
  return finglish(lexicon, keys);
}

/** Latin words read as Finglish, as written or with a plural or ezafe ending read off the last. */
function finglish(lexicon: Lexicon, keys: string[]): Meaning | undefined {
  const last = keys[keys.length - 1]!;
  const stems = FINGLISH_ENDINGS.filter((ending) => last.length - ending.length >= 3 && last.endsWith(ending)).map(
    (ending) => [...keys.slice(0, -1), last.slice(0, -ending.length)],
  );
  for (const words of [keys, ...stems]) {
    const spelt = lexicon.sounds.get(latinSound(words));
    const meaning = spelt && finglishMeaning(spelt, words.join(''));
    if (meaning) return meaning;
  }
  return undefined;
}

/** A word one slip from a trade's or a place's name (long enough that a slip is not another word). */
function nearestName(lexicon: Lexicon, key: string): Meaning | undefined {
  if (key.length < 5) return undefined;
  const near = lexicon.nearKeys.find((known) => withinOneSlip(key, known));
  return near === undefined ? undefined : lexicon.phrases.get(near);
}

interface Part {
  meaning: Meaning;
  /** A place's: «استان» or "province" just before it or just after it. */
  markedProvince: boolean;
  /** The words it was read from, and where the first of them stands in the question. */
  words: string[];
  at: number;
}

/** A word left unused, with where it stands in the question (what is said unused is said in the question's order). */
interface UnusedWord {
  word: string;
  at: number;
}

/** The phrases of a question, longest first at each word, and the words that are none. */
function phrasesOf(lexicon: Lexicon, words: string[]): { parts: Part[]; unused: UnusedWord[] } {
  const parts: Part[] = [];
  const unused: UnusedWord[] = [];
  let provinceMarked = false;
  for (let i = 0; i < words.length;) {
    // The number alone: its unit is read next, as a frame word or in a phrase («۵ کیلومتری من»: near the asker).
    const km = distanceAt(words, i);
    if (km !== null) {
      parts.push({ meaning: { kind: 'distance', km }, markedProvince: false, words: words.slice(i, i + 1), at: i });
      i += 1;
      continue;
    }
    let found: { meaning: Meaning; span: number } | undefined;
    for (let span = Math.min(lexicon.longestWords, words.length - i); span >= 1 && !found; span--) {
      const meaning = lookUp(lexicon, words.slice(i, i + span));
      if (meaning) found = { meaning, span };
    }
    found ??= ((meaning) => (meaning ? { meaning, span: 1 } : undefined))(nearestName(lexicon, keyOf(words[i]!)));
    if (!found) {
      unused.push({ word: words[i]!, at: i });
      i += 1;
      continue;
    }
    const marksProvince = found.meaning.kind === 'marker' && found.meaning.province;
    const before = parts[parts.length - 1];
    if (marksProvince && before?.meaning.kind === 'place') before.markedProvince = true;
    parts.push({
      meaning: found.meaning,
      markedProvince: provinceMarked,
      words: words.slice(i, i + found.span),
      at: i,
    });
    provinceMarked = marksProvince;
    i += found.span;
  }
  return { parts, unused };
}

/** Of the places a name may be, the one meant: a province if so marked or if a count or list is asked. */
function placeOf(places: AskPlace[], markedProvince: boolean, intent: AskIntent | null): AskPlace {
  const province = places.find((p) => p.Kind === 'province');
  const city = places.find((p) => p.Kind === 'city');
  if (province && (markedProvince || !city || intent === 'count' || intent === 'list')) return province;
  return city ?? places[0]!;
}

/** The kinds of which a question is read for one: a second of them is not silently dropped. */
const ONE_OF_KIND: readonly Meaning['kind'][] = ['type', 'trade', 'audience', 'place', 'intent', 'distance'];

/**
 * Whether a place named after the one taken adds nothing to it: the same place again, or the province the taken
 * town is in («بجنورد استان خراسان شمالی»).
 */
function placeAgain(taken: AskPlace, places: readonly AskPlace[]): boolean {
  return places.some(
    (p) =>
      (p.Name === taken.Name && p.Kind === taken.Kind) ||
      (taken.Kind === 'city' && p.Kind === 'province' && p.Province === taken.Province),
  );
}

/**
 * The words of a part that names a second thing of a kind only one of which is read (a second trade in
 * «برق خودرو», a second town): reported unused, so the answer says what it left out rather than leaving it out
 * in silence. The same thing named twice is not a second.
 */
function secondMeanings(parts: readonly Part[], place: AskPlace | null): UnusedWord[] {
  const firsts = new Map<Meaning['kind'], string>();
  const left: UnusedWord[] = [];
  for (const part of parts) {
    const { meaning } = part;
    if (!ONE_OF_KIND.includes(meaning.kind)) continue;
    const first = firsts.get(meaning.kind);
    if (first === undefined) firsts.set(meaning.kind, JSON.stringify(meaning));
    else if (meaning.kind === 'place' ? !placeAgain(place!, meaning.places) : first !== JSON.stringify(meaning))
      left.push(...part.words.map((word, i) => ({ word, at: part.at + i })));
  }
  return left;
}

function understand(lexicon: Lexicon, text: string): { understood: Understood; unused: string[]; parts: number } {
  const { parts, unused: unknown } = phrasesOf(lexicon, wordsOf(text));
  const first = <K extends Meaning['kind']>(kind: K) =>
    parts.find((p) => p.meaning.kind === kind) as (Part & { meaning: Extract<Meaning, { kind: K }> }) | undefined;
  const asked = first('intent')?.meaning.intent ?? null;
  const named = first('place');
  const place = named ? placeOf(named.meaning.places, named.markedProvince, asked) : null;
  // "Near" with no place named: near the asker.
  const nearOnly = named === undefined && parts.some((p) => p.meaning.kind === 'marker' && p.meaning.near);
  const nearMe = first('nearMe') !== undefined || nearOnly;
  const intent = asked ?? (place?.Kind === 'province' && !nearMe ? 'list' : 'nearest');
  const understood: Understood = {
    Route: first('type')?.meaning.route ?? null,
    Trade: first('trade')?.meaning.trade ?? null,
    Audience: first('audience')?.meaning.audience ?? null,
    Place: place,
    NearMe: nearMe,
    WithinKm: first('distance')?.meaning.km ?? null,
    Intent: intent,
  };
  const unused = [...unknown, ...secondMeanings(parts, place)].sort((a, b) => a.at - b.at).map(({ word }) => word);
  const counted = parts.filter((p) => p.meaning.kind !== 'frame' && p.meaning.kind !== 'marker').length;
  return { understood, unused, parts: counted };
}

/**
 * Reads a question. A question in Latin letters is also read as Persian typed on an English keyboard; that
 * reading is taken when it understands more and leaves fewer words unused.
 */
export function readQuestion(lexicon: Lexicon, text: string): Reading {
  const asTyped = understand(lexicon, text);
  if (isLatinTyping(text) && asTyped.unused.length > 0) {
    const persian = persianOfKeys(text);
    const asPersian = understand(lexicon, persian);
    if (asPersian.parts > asTyped.parts && asPersian.unused.length < asTyped.unused.length)
      return { Understood: asPersian.understood, Unused: asPersian.unused, PersianReading: persian };
  }
  return { Understood: asTyped.understood, Unused: asTyped.unused, PersianReading: null };
}

/**
 * What was understood with the parts the visitor removed taken out: a type, trade, audience or place removed is
 * none; "near me" removed is not near the asker. The intent stays: a count without its place counts the country.
 */
export function withoutParts(understood: Understood, drop: readonly AskDroppable[]): Understood {
  const without = { ...understood };
  if (drop.includes('Route')) without.Route = null;
  if (drop.includes('Trade')) without.Trade = null;
  if (drop.includes('Audience')) without.Audience = null;
  if (drop.includes('NearMe')) without.NearMe = false;
  if (drop.includes('Place')) without.Place = null;
  if (drop.includes('WithinKm')) without.WithinKm = null;
  return without;
}
