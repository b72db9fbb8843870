/**
 * How people name the trades the data writes. Most names come from the data itself (lexicon.ts derives the
 * occupation from a trade, «جوشکار» from «جوشکاری», and the last word of a compound name no other trade has, «پایتون»); these are the
 * everyday words no rule derives, by the trade's name as the organisation writes it. A trade the data does not
 * teach gives its words nothing to point at, so they are only read where the data has it.
 */
export const EVERYDAY_TRADE_WORDS: Record<string, { fa: readonly string[]; en: readonly string[] }> = {
  خیاطی: {
    fa: ['دوخت', 'دوخت و دوز', 'دوزندگی', 'خیاط', 'خیاطها', 'لباس دوزی', 'طراحی لباس'],
    en: ['sewing', 'tailoring', 'tailor', 'tailors', 'seamstress', 'dressmaking', 'dress making'],
  },
  'برق ساختمان': {
    fa: ['برقکار', 'برق کار', 'برقکاری', 'برق کاری', 'سیم کشی', 'سیم کشی ساختمان', 'برق'],
    en: ['electrician', 'electricians', 'electrics', 'electrical', 'wiring', 'building electrics'],
  },
  جوشکاری: { fa: ['جوش', 'جوشکار'], en: ['welding', 'welder', 'welders'] },
  'تعمیر خودرو': {
    fa: [
      'تعمیرکار خودرو',
      'تعمیرات خودرو',
      'تعمیر ماشین',
      'تعمیرات ماشین',
      'مکانیک خودرو',
      'مکانیک ماشین',
      'تعمیرکاری خودرو',
    ],
    en: ['car repair', 'car mechanic', 'auto repair', 'car repairs', 'automotive'],
  },
  لوله‌کشی: {
    fa: ['لوله کش', 'لوله کشی ساختمان', 'لوله کش ساختمان', 'تاسیسات'],
    en: ['plumbing', 'plumber', 'plumbers'],
  },
  حسابداری: {
    fa: ['حسابدار', 'حسابرسی'],
    en: ['accounting', 'accountancy', 'accountant', 'accountants', 'bookkeeping'],
  },
  'طراحی وب': { fa: ['طراحی سایت', 'وب سایت', 'سایت'], en: ['web design', 'web designer', 'website design'] },
  آشپزی: { fa: ['آشپز', 'آشپزها', 'پخت غذا', 'غذا'], en: ['cooking', 'cook', 'cooks', 'chef', 'chefs', 'culinary'] },
  نقشه‌کشی: { fa: ['نقشه کش', 'نقشه کشی ساختمان'], en: ['technical drawing', 'drafting', 'draughtsman'] },
  'مکانیک موتور': { fa: ['مکانیک', 'مکانیکی', 'موتور'], en: ['engine mechanics', 'mechanic', 'mechanics'] },
  فتوشاپ: { fa: ['فتو شاپ', 'ادیت عکس'], en: ['photoshop', 'photo editing'] },
  قالی‌بافی: { fa: ['فرش بافی', 'فرشبافی', 'قالیباف', 'قالی', 'فرش'], en: ['carpet weaving', 'rug weaving', 'carpet'] },
  سفالگری: { fa: ['سفال', 'سفالگر', 'کوزه گری'], en: ['pottery', 'potter', 'ceramics'] },
  باغبانی: { fa: ['باغبان', 'گلکاری', 'باغداری'], en: ['gardening', 'gardener', 'gardeners', 'horticulture'] },
  نجاری: { fa: ['نجار', 'نجارها', 'درودگری'], en: ['carpentry', 'carpenter', 'carpenters', 'woodwork', 'joinery'] },
  'تعمیر موبایل': {
    fa: ['تعمیرات موبایل', 'تعمیر گوشی', 'تعمیرات گوشی', 'موبایل', 'گوشی', 'تعمیرکار موبایل'],
    en: ['phone repair', 'mobile repair', 'mobile phone repair', 'cell phone repair'],
  },
  'زبان برنامه‌نویسی پایتون': {
    fa: ['پایتون', 'برنامه نویسی', 'برنامه نویس', 'برنامه نویسی پایتون'],
    en: ['python', 'programming', 'coding', 'python programming', 'programmer'],
  },
  آرایشگری: {
    fa: ['آرایشگر', 'آرایش', 'آرایشگاه', 'پیرایش', 'پیرایشگری', 'آرایش مو'],
    en: ['hairdressing', 'hairdresser', 'hairdressers', 'barber', 'barbering', 'beauty', 'hair'],
  },
  'کمک‌های اولیه': { fa: ['امداد', 'امدادگری', 'کمکهای اولیه'], en: ['first aid'] },
  ICDL: {
    fa: ['کامپیوتر', 'رایانه', 'آی سی دی ال', 'کاربر رایانه'],
    en: ['icdl', 'computer', 'computers', 'computer skills'],
  },
};
