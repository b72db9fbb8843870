/**
 * Persian typed with the keyboard left on English: each Latin key read as the Persian letter it carries on the
 * standard Persian layout (ISIRI 9147, as Windows and Android ship it), so "odhxd" reads «خیاطی».
 */
const KEYS: Record<string, string> = {
  q: 'ض',
  w: 'ص',
  e: 'ث',
  r: 'ق',
  t: 'ف',
  y: 'غ',
  u: 'ع',
  i: 'ه',
  o: 'خ',
  p: 'ح',
  '[': 'ج',
  ']': 'چ',
  a: 'ش',
  s: 'س',
  d: 'ی',
  f: 'ب',
  g: 'ل',
  h: 'ا',
  j: 'ت',
  k: 'ن',
  l: 'م',
  ';': 'ک',
  "'": 'گ',
  '\\': 'پ',
  z: 'ظ',
  x: 'ط',
  c: 'ز',
  v: 'ر',
  b: 'ذ',
  n: 'د',
  m: 'پ',
  ',': 'و',
  '`': 'پ',
  H: 'آ',
  C: 'ژ',
  '?': '؟',
  M: 'ء',
};

/** Whether a text is Latin letters only (with spaces and the punctuation of the layout's letter keys). */
export const isLatinTyping = (text: string): boolean => /[a-z]/i.test(text) && !/[\u0600-\u06ff]/.test(text);

/** The text as the Persian layout reads its keys; keys that carry no Persian letter are kept. */
export function persianOfKeys(text: string): string {
  return [...text].map((key) => KEYS[key] ?? KEYS[key.toLowerCase()] ?? key).join('');
}
