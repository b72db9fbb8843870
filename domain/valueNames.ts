/**
 * The data's own words (gender and legal values, the trades taught, the details' field labels, as the
 * organisation writes them in Persian) in a language that names things in English: the app's filters, pie,
 * details and search and the server's pages say them alike. Matched on the shared folding rule; a value with no
 * English here is shown as the data has it.
 */
import { PROVINCES } from './provinces';
import { foldText } from './text';

const ENGLISH: Record<string, string> = {
  مردانه: "Men's",
  زنانه: "Women's",
  مختلط: 'Mixed',
  حقیقی: 'Private (individual)',
  حقوقی: 'Private (company)',
  دولتی: 'Public',
  خصوصی: 'Private',
  شهری: 'urban',
  روستایی: 'rural',
  // The trades most taught (a trade's page and search say them in English; "sewing" finds «خیاطی»).
  خیاطی: 'Sewing',
  'برق ساختمان': 'Building electrics',
  جوشکاری: 'Welding',
  'تعمیر خودرو': 'Car repair',
  لوله‌کشی: 'Plumbing',
  حسابداری: 'Accounting',
  'طراحی وب': 'Web design',
  آشپزی: 'Cooking',
  نقشه‌کشی: 'Technical drawing',
  'مکانیک موتور': 'Engine mechanics',
  فتوشاپ: 'Photoshop',
  قالی‌بافی: 'Carpet weaving',
  سفالگری: 'Pottery',
  باغبانی: 'Gardening',
  نجاری: 'Carpentry',
  'تعمیر موبایل': 'Mobile phone repair',
  'زبان برنامه‌نویسی پایتون': 'Python programming',
  آرایشگری: 'Hairdressing',
  'کمک‌های اولیه': 'First aid',
  ICDL: 'ICDL',
  // The details' field labels the organisation uses.
  'رشته آموزشی': 'Trade taught',
  'رشته‌های آموزشی': 'Trades taught',
  'ظرفیت کارگاه': 'Workshop capacity',
  'دارای مجوز فعالیت': 'Licensed',
  'آیین‌نامه آموزشی': 'Training regulations',
  'تصویر محل': 'Picture of the place',
  نفر: 'people',
};

const ENGLISH_BY_FOLDED = new Map(Object.entries(ENGLISH).map(([fa, en]) => [foldText(fa), en]));

/** A data value as a language whose names are `dataNames` (domain/language.ts) says it. */
export const valueNameIn = (value: string, dataNames: 'fa' | 'en'): string =>
  dataNames === 'fa' ? value : (ENGLISH_BY_FOLDED.get(foldText(value)) ?? value);

const PROVINCE_WORD = 'استان';
const PROVINCE_BY_FOLDED = new Map(PROVINCES.map((p) => [foldText(p.name_fa), p.name_en]));

/**
 * A short phrase of the data (a detail's position line, «استان تهران، شهری»), part by part: "Tehran province,
 * urban". A part with no English is kept as the data has it.
 */
export function phraseNameIn(text: string, dataNames: 'fa' | 'en'): string {
  if (dataNames === 'fa') return text;
  return text
    .split(/\s*[،,]\s*/)
    .map((part) => {
      const words = part.trim();
      const province = words.startsWith(PROVINCE_WORD)
        ? PROVINCE_BY_FOLDED.get(foldText(words.slice(PROVINCE_WORD.length)))
        : undefined;
      return province ? `${province} province` : valueNameIn(words, dataNames);
    })
    .join(', ');
}

const LATIN = /[a-z]/i;

/**
 * The data's values (as it spells them) whose English name has the text: an English search for "sewing" looks
 * for «خیاطی». Nothing for a text without Latin letters.
 */
export function valuesNamed(text: string): string[] {
  const wanted = text.trim().toLowerCase();
  if (wanted.length < 2 || !LATIN.test(wanted)) return [];
  return Object.entries(ENGLISH)
    .filter(([, en]) => en.toLowerCase().includes(wanted))
    .map(([fa]) => fa);
}
