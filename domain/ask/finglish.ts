/**
 * Finglish: Persian written in Latin letters, as people type it on a phone without a Persian keyboard
 * ("amoozeshgah khayati shiraz", "fani herfei tehran"). Its spelling is free (oo, ou or u; gh or q; the short
 * vowels written or not, e or a), so a Finglish word is compared with the lexicon's Persian phrases in two steps:
 *
 * 1. by its consonants (its sound): each as the class of letters that write it in either script, the vowels left
 *    out on both sides (Persian writes its short vowels not at all, and its long ones with letters that are also
 *    consonants, و and ی, left out too), a letter doubled read once («نجاری», "najjari"); this finds the
 *    candidates;
 * 2. then letter by letter against each candidate's spelling (`latinSpelling`): where the Persian writes a long
 *    vowel the Latin must write one that it can be read as (ا as a or o, ی as i, ee or y), and elsewhere only a
 *    short vowel may stand. English words with the same consonants fail here: "children" is not «چالدران», "last"
 *    is not «لیست», "state" is not «سایت».
 */

/** Each Persian consonant's class; a letter not here (ا آ و ی ع ء and their seated forms) is a vowel or a stop. */
const PERSIAN_CLASS: Readonly<Record<string, string>> = {
  ب: 'b',
  پ: 'p',
  ت: 't',
  ط: 't',
  ث: 's',
  س: 's',
  ص: 's',
  ج: 'j',
  چ: 'c',
  ح: 'h',
  ه: 'h',
  ة: 'h',
  خ: 'x',
  د: 'd',
  ذ: 'z',
  ز: 'z',
  ض: 'z',
  ظ: 'z',
  ر: 'r',
  ژ: 'Z',
  ش: 'S',
  غ: 'q',
  ق: 'q',
  ف: 'f',
  ک: 'k',
  گ: 'g',
  ل: 'l',
  م: 'm',
  ن: 'n',
};

/** How Finglish writes each Persian consonant (each spelling of the class `latinSound` gives it). */
const CONSONANT_SPELLINGS: Readonly<Record<string, string>> = {
  b: 'b',
  p: 'p',
  t: 't',
  s: 's',
  j: 'j',
  c: 'ch',
  h: 'h',
  x: 'kh|x',
  d: 'd',
  z: 'z',
  r: 'r',
  Z: 'zh',
  S: 'sh',
  q: 'gh|q',
  f: 'f',
  k: 'k|c',
  g: 'g',
  l: 'l',
  m: 'm',
  n: 'n',
};

/** Two Latin letters that write one Persian consonant, as their class. */
const LATIN_DIGRAPHS: readonly [RegExp, string][] = [
  [/kh/g, 'x'],
  [/gh/g, 'q'],
  [/sh/g, 'S'],
  [/ch/g, 'c'],
  [/zh/g, 'Z'],
  [/ph/g, 'f'],
];

/**
 * How much sound is compared. Two consonants are many words' («در», «زن», "man"), so a Finglish word is read by
 * two only when it is written long ("khayati" «خیاطی», "zanane" «زنانه», "tedad" «تعداد»), or shorter with a pair
 * of letters only Finglish writes ("ghom" «قم»: English has no kh or zh, and its gh is silent), and otherwise by
 * three or more, alone or with the words beside it ("nazdik" «نزدیک», "fani herfei" «فنی و حرفه ای»).
 */
export const FINGLISH_SOUND = { least: 2, leastAlone: 3, longWord: 5, digraphWord: 4 } as const;
/** Letter pairs that write one Persian consonant and no English one. */
const FINGLISH_ONLY = /^gh|kh|zh/;

function collapsed(classes: string): string {
  return classes.replace(/(.)\1+/g, '$1');
}

/** A final ه after anything but ا is the vowel e («حرفه», «کوه»), as Finglish's final e or eh ("herfe", "kooh"). */
function endsInVowelHe(letters: readonly string[]): boolean {
  const last = letters.length - 1;
  return last > 0 && letters[last] === 'ه' && letters[last - 1] !== 'ا' && letters[last - 1] !== 'آ';
}

function persianWordSound(word: string): string {
  const letters = [...word];
  if (endsInVowelHe(letters)) letters.pop();
  return letters.map((letter) => PERSIAN_CLASS[letter] ?? '').join('');
}

/** A folded Persian phrase's sound, words joined; '' when it holds anything but Persian letters (a digit). */
export function persianSound(folded: string): string {
  if (/[^\u0621-\u064a\u067e\u0686\u0698\u06a9\u06af\u06cc\u0622 ]/.test(folded)) return '';
  return collapsed(folded.split(' ').map(persianWordSound).join(''));
}

const SHORT_VOWEL = '(?:[aeiou]|oo|ou|ee)?';

/** One Persian word as the Latin spellings it may have, a regular expression's source. */
function wordSpelling(word: string): string {
  if (word === 'و') return '(?:va|o|v)?';
  const letters = [...word];
  const vowelHe = endsInVowelHe(letters);
  if (vowelHe) letters.pop();
  let source = '';
  letters.forEach((letter, i) => {
    const consonant = PERSIAN_CLASS[letter];
    if (consonant !== undefined) source += `(?:${CONSONANT_SPELLINGS[consonant]}){1,2}${SHORT_VOWEL}`;
    else if (i === 0 && (letter === 'ا' || letter === 'آ')) source += '(?:aa|a|e|i|o|u|ee|oo)';
    // «ان» said as "oon" in Tehran's speech ("sakhtemoon").
    else if ((letter === 'ا' || letter === 'آ') && letters[i + 1] === 'ن') source += '(?:aa|a|o|oo|ou|u)';
    // «ای» is how Persian writes an English loanword's long i, which Finglish keeps as English spells it: "mobile"
    // «موبایل», "online" «آنلاین» (the «ی» then reads the i).
    else if (letter === 'ا' || letter === 'آ') source += letters[i + 1] === 'ی' ? '(?:aa|a|o)?' : '(?:aa|a|o)';
    // Unsaid after خ («خواهر», "khahar"), a v or an o or u elsewhere.
    else if (letter === 'و') source += `(?:v|w|oo|ou|ow|ov|o|u)${letters[i - 1] === 'خ' ? '?' : ''}`;
    // «یی» («روستایی»): "yi", "ei", "ii" or one i.
    else if (letter === 'ی' && letters[i + 1] === 'ی') source += '(?:yi|ei|ii|ee|iy|i|y)';
    else if (letter === 'ی' && letters[i - 1] === 'ی') source += '';
    // As a consonant, a short vowel may follow ("bayejan").
    else if (letter === 'ی') source += `(?:ee|ey|ei|ie|iy|yi|yy|ay|ai|i|y)${SHORT_VOWEL}`;
    else source += "[aeiouy']?"; // ع, ء and the seated hamzas: a stop, or a vowel, or nothing
  });
  // The word's own last vowel (a final ه), then an ezafe or a suffix's vowel ("amoozeshgahe").
  return `${source}${vowelHe ? '(?:eh|e|ah|a|h)?' : ''}(?:ye|eh|e|i)?`;
}

/** A folded Persian phrase as a test of Latin words written together (spaces taken out), as Finglish writes it. */
export function latinSpelling(folded: string): RegExp {
  return new RegExp(`^${folded.split(' ').map(wordSpelling).join('')}$`);
}

/** A Latin word's sound (lower case, letters only). A final h after e, i, o or u is a vowel's ("herfeh", "kooh"). */
function latinWordSound(word: string): string {
  let sound = word.replace(/c(?!h)/g, 'k').replace(/(?<=[eiou])h$/, '');
  for (const [pair, consonant] of LATIN_DIGRAPHS) sound = sound.replace(pair, consonant);
  return sound.replace(/[aeiouvwy]/g, '');
}

/**
 * The sound of Latin words read together, or '' if any is not a plain Latin word (a number, a mixed word) or the
 * sound is too short to be compared (FINGLISH_SOUND).
 */
export function latinSound(words: readonly string[]): string {
  if (!words.every((word) => /^[a-z]+$/.test(word))) return '';
  const sound = collapsed(words.map(latinWordSound).join(''));
  const word = words.length === 1 ? words[0]! : '';
  const oneLongWord =
    word.length >= FINGLISH_SOUND.longWord || (word.length >= FINGLISH_SOUND.digraphWord && FINGLISH_ONLY.test(word));
  return sound.length >= (oneLongWord ? FINGLISH_SOUND.least : FINGLISH_SOUND.leastAlone) ? sound : '';
}
