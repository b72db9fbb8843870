/** Persian vocabulary of the demo dataset: name stems, streets, fields of training, area codes. */

/** Prefix of a location's name, by route. */
export const NAME_PREFIX: Record<string, string> = {
  MainOffice: 'اداره کل آموزش فنی و حرفه‌ای استان',
  Centers: 'مرکز آموزش فنی و حرفه‌ای',
  Academy: 'آموزشگاه آزاد',
  Workshop: 'کارگاه ثابت شهری',
  Prison: 'کارگاه آموزشی زندان',
  Barracks: 'کارگاه آموزشی پادگان',
  Village: 'کارگاه روستایی',
  Mobile: 'کارگاه سیار',
  Industries: 'کارگاه صنایع پیمانی',
  Guilds: 'کارگاه اصناف',
  University: 'کارگاه جنب دانشگاه',
  Exam: 'دوره تحت نظارت آموزشگاه',
  branch: 'دوره تحت نظارت شعبه',
  sub: 'حوزه فرعی آزمون',
  real: 'آموزش در محیط کار',
  garrison: 'کارگاه آموزشی قرارگاه',
  prison2: 'کارگاه آموزشی ندامتگاه',
  school: 'هنرستان',
};

export const NAME_STEMS = [
  'نوین', 'پارسیان', 'البرز', 'دانش', 'مهارت', 'فردا', 'آینده‌سازان', 'سپهر', 'نیکان', 'آفتاب', 'ایران‌زمین',
  'کوثر', 'رازی', 'خوارزمی', 'ابن‌سینا', 'فارابی', 'سعدی', 'حافظ', 'فردوسی', 'بهار', 'امید', 'پویا', 'روشنا',
  'آریا', 'ستاره', 'مهر', 'کیمیا', 'نگین', 'هنر', 'صنعت', 'شهید بهشتی', 'شهید رجایی', 'بوعلی', 'شیخ بهایی',
  'کاوش', 'اندیشه', 'آرمان', 'صبا', 'ICDL', 'IT پارس', 'CNC نوین', 'Web آموز',
];

export const STREETS = ['امام خمینی', 'انقلاب', 'آزادی', 'ولیعصر', 'جمهوری', 'طالقانی', 'شریعتی', 'مطهری', 'بهشتی', 'کشاورز', 'فلسطین', 'سعدی'];

export const TRADES = [
  'برق ساختمان', 'جوشکاری', 'خیاطی', 'تعمیر خودرو', 'لوله‌کشی', 'حسابداری', 'طراحی وب', 'آشپزی', 'نقشه‌کشی',
  'مکانیک موتور', 'فتوشاپ', 'قالی‌بافی', 'سفالگری', 'باغبانی', 'نجاری', 'تعمیر موبایل', 'زبان برنامه‌نویسی پایتون',
];

export const GENDERS = ['مردانه', 'زنانه', 'مختلط'] as const;
export const LEGAL_FORMS = ['حقیقی', 'حقوقی', 'دولتی'] as const;

/** Images in server/files that dynamic "image" fields name. */
export const IMAGE_FILES = ['workshop-1.svg', 'workshop-2.svg', 'workshop-3.svg'] as const;
/** Documents in server/files that dynamic "file" fields name. */
export const DOCUMENT_FILES = ['regulations.pdf'] as const;

/** Landline area codes by ISO 3166-2 province code. */
export const AREA_CODES: Record<string, string> = {
  'IR-00': '086', 'IR-01': '013', 'IR-02': '011', 'IR-03': '041', 'IR-04': '044', 'IR-05': '083', 'IR-06': '061',
  'IR-07': '071', 'IR-08': '034', 'IR-09': '051', 'IR-10': '031', 'IR-11': '054', 'IR-12': '087', 'IR-13': '081',
  'IR-14': '038', 'IR-15': '066', 'IR-16': '084', 'IR-17': '074', 'IR-18': '077', 'IR-19': '024', 'IR-20': '023',
  'IR-21': '035', 'IR-22': '076', 'IR-23': '021', 'IR-24': '045', 'IR-25': '025', 'IR-26': '028', 'IR-27': '017',
  'IR-28': '058', 'IR-29': '056', 'IR-30': '026',
};

/** 2016 census population in thousands, by ISO code: how the demo locations are shared among provinces. */
export const POPULATION_THOUSANDS: Record<string, number> = {
  'IR-00': 1429, 'IR-01': 2531, 'IR-02': 3283, 'IR-03': 3909, 'IR-04': 3265, 'IR-05': 1952, 'IR-06': 4711,
  'IR-07': 4851, 'IR-08': 3164, 'IR-09': 6434, 'IR-10': 5120, 'IR-11': 2775, 'IR-12': 1603, 'IR-13': 1738,
  'IR-14': 947, 'IR-15': 1760, 'IR-16': 580, 'IR-17': 713, 'IR-18': 1163, 'IR-19': 1057, 'IR-20': 702,
  'IR-21': 1138, 'IR-22': 1776, 'IR-23': 13267, 'IR-24': 1270, 'IR-25': 1292, 'IR-26': 1273, 'IR-27': 1868,
  'IR-28': 863, 'IR-29': 768, 'IR-30': 2712,
};

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';
export function toPersianDigits(value: number | string): string {
  return String(value).replace(/[0-9]/g, (d) => PERSIAN_DIGITS[Number(d)] ?? d);
}
