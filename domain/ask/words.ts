/**
 * The fixed words of a question, in Persian and English, as people type them: whom it is for, where it is asked
 * about, whether the asker means their own position, and what they want back. The things a question names
 * (types, trades, places) come from the catalogue, the data and the gazetteer instead (lexicon.ts).
 * Each phrase is matched on the folding rule with its spaces and zero-width non-joiners ignored, so «خانم‌ها»,
 * «خانم ها» and «خانمها» are one phrase; plurals and the ezafe are read off by the reader (readQuestion.ts).
 */
import type { AudienceKey } from '../audiences';

export const ASK_INTENTS = ['nearest', 'list', 'count'] as const;
export type AskIntent = (typeof ASK_INTENTS)[number];

/** Who a question is for. A mixed centre admits both (domain/audiences.ts says which gender values each means). */
export const AUDIENCE_WORDS: Record<AudienceKey, readonly string[]> = {
  women: [
    'خانم', 'خانمها', 'بانو', 'بانوان', 'زن', 'زنان', 'خواهر', 'خواهران', 'دختر', 'دختران', 'دخترانه', 'زنانه',
    'ویژه بانوان', 'مخصوص خانمها', 'مخصوص بانوان', 'مخصوص زنان',
    'women', 'woman', 'womens', 'ladies', 'lady', 'female', 'females', 'girls', 'girl',
  ],
  men: [
    'آقا', 'آقایان', 'مرد', 'مردان', 'برادر', 'برادران', 'پسر', 'پسران', 'پسرانه', 'مردانه',
    'ویژه آقایان', 'مخصوص آقایان', 'مخصوص مردان',
    'men', 'man', 'mens', 'gentlemen', 'male', 'males', 'boys', 'boy',
  ],
};

/** What the asker wants back; a question without any of these asks for the nearest (or a province's list). */
export const INTENT_WORDS: Record<AskIntent, readonly string[]> = {
  count: [
    'چند', 'چندتا', 'چند تا', 'چندین', 'تعداد', 'آمار', 'چقدر', 'شمار',
    'how many', 'how much', 'number of', 'count', 'count of', 'total', 'statistics', 'stats',
  ],
  list: ['لیست', 'فهرست', 'همه', 'همه ی', 'تمام', 'تمامی', 'کل', 'کلیه', 'list', 'list of', 'all', 'every'],
  nearest: ['نزدیکترین', 'نزدیک ترین', 'نزدیکترینها', 'nearest', 'closest', 'the nearest', 'the closest'],
};

/** The asker's own position. */
export const NEAR_ME_WORDS: readonly string[] = [
  'نزدیک من', 'نزدیکم', 'نزدیک خودم', 'به من', 'اطراف من', 'اطرافم', 'دور و بر من', 'دور و برم', 'حوالی من',
  'همین نزدیکی', 'همین نزدیکیها', 'این نزدیکی', 'این اطراف', 'همین اطراف', 'اینجا', 'محل من', 'محله ما',
  'near me', 'nearby', 'close to me', 'around me', 'near my location', 'near here', 'around here', 'close by',
  'closest to me', 'nearest to me', 'to me', 'کیلومتری من', 'km of me', 'km from me',
];

/** Words that say a place follows; «استان» and "province" (before the name or after it) also say which kind. */
export const PLACE_MARKERS: readonly string[] = [
  'در', 'تو', 'توی', 'شهر', 'شهرستان', 'سمت', 'طرف', 'in', 'at', 'city', 'of', 'the city of',
];
/** Markers of nearness: with no place after them («آموزشگاه لوله کشی نزدیک»), the asker means near themselves. */
export const NEAR_MARKERS: readonly string[] = ['نزدیک', 'اطراف', 'حوالی', 'near', 'around', 'close to'];
export const PROVINCE_MARKERS: readonly string[] = ['استان', 'province', 'province of', 'the province of'];

/**
 * The frame of a question: words that carry no part of it but its form ("where is", "I want", "for"). They are
 * read, not reported as unused, so a visitor is not told their «کجاست» was ignored.
 */
export const FRAME_WORDS: readonly string[] = [
  'کجاست', 'کجا', 'کجاس', 'کجان', 'کجاهاست', 'هست', 'هستش', 'است', 'هستند', 'هستن', 'وجود', 'دارد', 'داره', 'دارن',
  'میخوام', 'می خوام', 'میخواهم', 'می خواهم', 'لطفا', 'یک', 'یه', 'را', 'رو', 'از', 'با', 'که', 'و', 'برای',
  'واسه', 'واسه ی', 'مخصوص', 'ویژه', 'کدوم', 'کدام', 'چه', 'چی', 'کلاس', 'کلاسهای', 'دوره', 'دورههای', 'آموزش',
  'آموزشی', 'یاد', 'بگیرم', 'یادگیری', 'ثبت نام', 'ثبتنام', 'پیدا', 'کن', 'کنم', 'بده', 'نشان', 'نشون', 'بدید',
  'آدرس', 'ادرس', 'میشه', 'می شود', 'سلام', 'ممنون', 'مرسی', 'هم', 'رشته', 'خوب', 'بهترین', 'شهرم', 'پذیرش',
  'میپذیرد', 'میپذیره', 'قبول', 'میکنه', 'می کند', 'دولتی', 'فنی', 'مهارت', 'مهارتی',
  'for', 'the', 'a', 'an', 'where', 'wheres', 'is', 'are', 'there', 'find', 'me', 'show', 'i', 'want', 'to', 'learn',
  'which', 'what', 'can', 'with', 'please', 'class', 'classes', 'course', 'courses', 'training', 'any', 'some',
  'do', 'does', 'you', 'have', 'get', 'my', 'and', 'or', 'best', 'good', 'study', 'teaching', 'teach', 'that',
  'open', 'admit', 'admits', 'admitting', 'accepting', 'accept', 'only', 'who', 'in the', 'taught', 'place',
  'places', 'near to', 'hi', 'کشور', 'کل کشور', 'سراسر کشور', 'ایران', 'iran', 'country', 'the country', 'nationwide', 'hello', 'thanks', 'lessons', 'lesson', 'how', 'go', 'should', 'could', 'would', 'like',
];
