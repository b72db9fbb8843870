/**
 * Everything a question can name, as one table of phrases: the catalogue's types (their titles and the words of
 * `askWords`), the trades the data teaches (with the words derived from them and the everyday ones), the
 * gazetteer's provinces and towns (Persian and English), and the fixed words (words.ts). A phrase's key is its
 * folded text without spaces, so it matches however a compound is written (lexicon keys and question spans are
 * made alike, by `keyOf`).
 */
import { AUDIENCES, type AudienceKey } from '../audiences';
import { DISTINCT_TYPES } from '../locationTypes';
import { latinKey } from '../places';
import { PROVINCES } from '../provinces';
import { foldText } from '../text';
import { valueNameIn } from '../valueNames';
import gazetteer from '../data/gazetteer.json';
import type { AskPlace } from '../wire/ask';
import { FINGLISH_SOUND, latinSpelling, persianSound } from './finglish';
import { EVERYDAY_TRADE_WORDS } from './tradeWords';
import {
  ASK_INTENTS,
  AUDIENCE_WORDS,
  FRAME_WORDS,
  INTENT_WORDS,
  KM_UNITS,
  NEAR_MARKERS,
  NEAR_ME_WORDS,
  PLACE_MARKERS,
  PROVINCE_MARKERS,
  type AskIntent,
} from './words';

/** What a phrase means. A name may be several places (a province and its capital). */
export type Meaning =
  | { kind: 'type'; route: string }
  | { kind: 'trade'; trade: string }
  | { kind: 'audience'; audience: AudienceKey }
  | { kind: 'intent'; intent: AskIntent }
  | { kind: 'nearMe' }
  | { kind: 'marker'; province: boolean; near: boolean }
  | { kind: 'frame' }
  /** A number with a unit of distance («۱۰ کیلومتری»): read by the reader, not kept in the table. */
  | { kind: 'distance'; km: number }
  | { kind: 'place'; places: AskPlace[] };

/** When one phrase means two things, the first kind here wins (a town named like a common word is the word). */
const PRIORITY: Meaning['kind'][] = ['intent', 'nearMe', 'audience', 'type', 'trade', 'marker', 'frame', 'place'];

/** A phrase's key: folded, Latin as a Latin name is compared, without spaces or apostrophes. */
export function keyOf(text: string): string {
  const folded = foldText(text);
  return (/[a-z]/.test(folded) ? latinKey(folded) : folded).replace(/[\s'’]/g, '');
}

export interface Lexicon {
  /** Meanings by key, best first. */
  readonly phrases: ReadonlyMap<string, Meaning>;
  /** The longest phrase in words: how far the reader looks ahead. */
  readonly longestWords: number;
  /** Keys a misspelt word may be near (types, trades and places), for the reader's second look. */
  readonly nearKeys: readonly string[];
  /** The Persian phrases by their sound, each with its Latin spellings (finglish.ts), for Finglish questions. */
  readonly sounds: ReadonlyMap<string, readonly Spelt[]>;
}

/** A Persian phrase's meaning and the Latin spellings it may be written in. */
export interface Spelt {
  spelling: RegExp;
  meaning: Meaning;
}

/** What Latin words written together (`latin`, spaces out) mean as Finglish, of the phrases that sound alike. */
export function finglishMeaning(spelt: readonly Spelt[], latin: string): Meaning | undefined {
  const meanings = new Map<string, Meaning>();
  for (const { spelling, meaning } of spelt) if (spelling.test(latin)) keep(meanings, '', meaning);
  return meanings.get('');
}

function wordCount(text: string): number {
  return foldText(text).split(' ').length;
}

/** Keeps `meaning` under `key`: a place beside the places already there, else the higher of the two kinds. */
function keep(phrases: Map<string, Meaning>, key: string, meaning: Meaning): void {
  const known = phrases.get(key);
  if (known === undefined) {
    // A copy: a place's list grows with the other places of its name, separately in each table.
    phrases.set(key, meaning.kind === 'place' ? { kind: 'place', places: [...meaning.places] } : meaning);
  } else if (known.kind === 'place' && meaning.kind === 'place') {
    known.places.push(
      ...meaning.places.filter((p) => !known.places.some((k) => k.Name === p.Name && k.Kind === p.Kind)),
    );
  } else if (PRIORITY.indexOf(meaning.kind) < PRIORITY.indexOf(known.kind)) {
    phrases.set(key, meaning);
  }
}

class LexiconBuilder {
  readonly phrases = new Map<string, Meaning>();
  readonly sounds = new Map<string, Spelt[]>();
  longestWords = 1;

  add(text: string, meaning: Meaning): void {
    const key = keyOf(text);
    if (key.length === 0) return;
    this.longestWords = Math.max(this.longestWords, wordCount(text));
    keep(this.phrases, key, meaning);
    const folded = foldText(text);
    const sound = persianSound(folded);
    if (sound.length < FINGLISH_SOUND.least) return;
    const spelt = this.sounds.get(sound) ?? [];
    spelt.push({ spelling: latinSpelling(folded), meaning });
    this.sounds.set(sound, spelt);
  }
}

const provinceNames = new Map(PROVINCES.map((p) => [p.iso_3166_2, p]));

/**
 * A port's name as people say it, without «بندر» / "Bandar-e" («ماهشهر» for «بندرماهشهر», "Anzali"); not where
 * what is left is a short word of its own («عباس», «لنگه», «گز»).
 */
function withoutPort(name: string): string[] {
  const rest = /^(?:بندر\s*|bandar(?:-e)?\s+)(.+)$/i.exec(name)?.[1];
  return rest !== undefined && keyOf(rest).length >= 5 ? [rest] : [];
}

/**
 * A province named for two regions as people also say it: without «و» / "and" («چهارمحال بختیاری»), and by either
 * region alone («سیستان», "Baluchestan"); where a town or county has a region's name («کهگیلویه»), the name is
 * both, and the town is taken unless «استان» says otherwise (placeOf in readQuestion.ts).
 */
function shortProvinceNames(name: string): string[] {
  const halves = name.split(/\s+(?:و|and)\s+/);
  if (halves.length !== 2) return [];
  return [halves.join(' '), ...halves];
}

/** The gazetteer's places, each once (a county's seat is the town's other name). */
function gazetteerPlaces(): { names: string[]; place: AskPlace }[] {
  const provinces = gazetteer.provinces.map((p) => {
    const province = provinceNames.get(p.iso)!;
    return {
      names: [
        province.name_fa,
        province.name_en,
        ...shortProvinceNames(province.name_fa),
        ...shortProvinceNames(province.name_en),
      ],
      place: {
        Name: province.name_fa,
        EnName: province.name_en,
        Kind: 'province' as const,
        Province: p.iso,
        Lat: p.lat,
        Long: p.lon,
      },
    };
  });
  const cities = gazetteer.cities.map((c) => {
    const en = 'en' in c && typeof c.en === 'string' ? c.en : null;
    const seat = 'seat' in c && typeof c.seat === 'string' ? c.seat : null;
    const names = [c.name, ...(en ? [en] : []), ...(seat ? [seat] : [])];
    return {
      names: [...names, ...names.flatMap(withoutPort)],
      place: { Name: c.name, EnName: en, Kind: 'city' as const, Province: c.iso, Lat: c.lat, Long: c.lon },
    };
  });
  return [...provinces, ...cities];
}

/** The type words: a type's titles and the words its catalogue entry gives. */
function addTypes(lexicon: LexiconBuilder): void {
  for (const type of DISTINCT_TYPES) {
    for (const text of [type.titleFa, type.titleEn, ...type.askWords.fa, ...type.askWords.en])
      lexicon.add(text, { kind: 'type', route: type.route });
  }
}

/**
 * What the data's own trade names give: the name, its English name, the occupation it is named after
 * («جوشکاری» is the trade of a «جوشکار»), the last word of a compound name where no other trade has it
 * («پایتون»), and the everyday words.
 */
function addTrades(lexicon: LexiconBuilder, trades: readonly string[]): void {
  const wordsOf = (trade: string) => foldText(trade).split(' ');
  const tradesWithWord = new Map<string, number>();
  for (const trade of trades)
    for (const word of new Set(wordsOf(trade))) tradesWithWord.set(word, (tradesWithWord.get(word) ?? 0) + 1);
  const everyday = new Map(Object.entries(EVERYDAY_TRADE_WORDS).map(([name, words]) => [keyOf(name), words]));
  for (const trade of trades) {
    const meaning = { kind: 'trade', trade } as const;
    const folded = foldText(trade);
    lexicon.add(trade, meaning);
    const english = valueNameIn(trade, 'en');
    lexicon.add(english, meaning);
    // An English trade named by its activity is also asked for by its verb: "learn to weld", "sew".
    if (/^[a-z]{3,}ing$/i.test(english)) lexicon.add(english.slice(0, -3), meaning);
    if (folded.endsWith('ی') && keyOf(folded).length >= 4) lexicon.add(folded.slice(0, -1), meaning);
    // Only the last word of a compound: a Persian name's head comes first and is a generic noun («زبان» of
    // «زبان برنامه‌نویسی پایتون» is any language, «تعمیر» any repair), its last word names the thing itself.
    const last = wordsOf(trade).at(-1)!;
    if (last !== folded && last.length >= 2 && tradesWithWord.get(last) === 1) lexicon.add(last, meaning);
    const more = everyday.get(keyOf(trade));
    for (const word of [...(more?.fa ?? []), ...(more?.en ?? [])]) lexicon.add(word, meaning);
  }
}

function addFixedWords(lexicon: LexiconBuilder): void {
  for (const audience of AUDIENCES)
    for (const word of AUDIENCE_WORDS[audience.key]) lexicon.add(word, { kind: 'audience', audience: audience.key });
  for (const intent of ASK_INTENTS)
    for (const word of INTENT_WORDS[intent]) lexicon.add(word, { kind: 'intent', intent });
  for (const word of NEAR_ME_WORDS) lexicon.add(word, { kind: 'nearMe' });
  for (const word of PLACE_MARKERS) lexicon.add(word, { kind: 'marker', province: false, near: false });
  for (const word of NEAR_MARKERS) lexicon.add(word, { kind: 'marker', province: false, near: true });
  for (const word of PROVINCE_MARKERS) lexicon.add(word, { kind: 'marker', province: true, near: false });
  for (const word of FRAME_WORDS) lexicon.add(word, { kind: 'frame' });
  // A unit read alone frames the question; after a number, the reader makes the two a distance.
  for (const word of KM_UNITS) lexicon.add(word, { kind: 'frame' });
}

/** The lexicon for a dataset whose locations teach these trades (as the data writes them). */
export function buildLexicon(trades: readonly string[]): Lexicon {
  const lexicon = new LexiconBuilder();
  addFixedWords(lexicon);
  addTypes(lexicon);
  addTrades(lexicon, trades);
  for (const { names, place } of gazetteerPlaces())
    for (const name of names) lexicon.add(name, { kind: 'place', places: [place] });
  const nearKeys = [...lexicon.phrases]
    .filter(([key, meaning]) => ['type', 'trade', 'place'].includes(meaning.kind) && key.length >= 4)
    .map(([key]) => key);
  return { phrases: lexicon.phrases, longestWords: lexicon.longestWords, nearKeys, sounds: lexicon.sounds };
}
