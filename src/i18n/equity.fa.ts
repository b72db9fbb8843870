/** The Persian words of need against supply (the statistics' card and the map's county layer). */
export const equityFa = {
  heading: 'نیاز در برابر دسترسی',
  level: 'سطح',
  levels: { province: 'استان‌ها', county: 'شهرستان‌ها' },
  supplyAxis: 'مکان به ازای هر ۱۰۰ هزار نفر ۱۵ تا ۲۹ ساله',
  needAxis: 'نیاز (۰ تا ۱۰۰)',
  highNeed: 'نیاز زیاد، دسترسی کم',
  lowNeed: 'نیاز کم، دسترسی زیاد',
  chart: (type: string) => `استان‌ها بر پایه نیاز و دسترسی به «${type}»`,
  keys: 'با کلیدهای پیکان میان استان‌ها بروید، به ترتیب رتبه نیاز؛ Enter استان را برمی‌گزیند.',
  point: (name: string, rank: string, supply: string, need: string) =>
    `${name}، رتبه نیاز ${rank}: ${supply} مکان به ازای هر ۱۰۰ هزار نفر ۱۵ تا ۲۹ ساله، نیاز ${need} از ۱۰۰`,
  rank: 'رتبه نیاز',
  name: 'نام',
  enName: 'نام انگلیسی',
  code: 'کد',
  labourForce: 'جمعیت فعال (۱۰ ساله و بیشتر)',
  unemployed: 'بیکاران',
  county: 'شهرستان',
  youth: 'جمعیت ۱۵ تا ۲۹ ساله',
  count: 'مکان‌ها',
  perYouth: 'به ازای ۱۰۰ هزار نفر ۱۵ تا ۲۹ ساله',
  unemployment: 'نرخ بیکاری',
  unemploymentWomen: 'نرخ بیکاری زنان',
  youthShare: 'سهم ۱۵ تا ۲۹ ساله',
  far: (km: string) => `سهم دورتر از ${km} کیلومتر`,
  youthFar: (km: string) => `سهم ۱۵ تا ۲۹ ساله‌های دورتر از ${km} کیلومتر`,
  womenFar: (km: string) => `سهم زنانِ دورتر از ${km} کیلومتر`,
  need: 'نیاز (۰ تا ۱۰۰)',
  sentence: (names: string, type: string) => `بیشترین نیاز در برابر کمترین دسترسی به «${type}»: ${names}.`,
  countySentence: (names: string, type: string) =>
    `شهرستان‌های با بیشترین نیاز در برابر کمترین دسترسی به «${type}»: ${names}.`,
  method: (km: string) =>
    `نیاز: میانگین جایگاه هر ردیف میان همه در نرخ بیکاری، سهم جمعیت ۱۵ تا ۲۹ ساله و سهم جمعیت دورتر از ${km} کیلومتر؛ رتبه: نیاز منهای جایگاه در دسترسی (مکان به ازای جوانان). جمعیت، جوانان، جمعیت فعال و بیکار (۱۰ ساله و بیشتر): سرشماری ۱۳۹۵ مرکز آمار ایران.`,
  countyNote:
    'مرز شهرستان‌ها همراه برنامه نیست: هر شهرستان در مرکزش نشان داده می‌شود و هر مکان در شهرستانِ نزدیک‌ترین مرکز شهرستانِ استان خودش شمرده می‌شود.',
  unseated: (n: string) =>
    `${n} شهرستان که مرکزشان در فهرست شهرها یافت نشد مکانی ندارند (مکان‌هایشان در همسایه‌ها شمرده می‌شود) و روی نقشه نیستند.`,
  noSeat: 'بی‌مرکز',
  showOnMap: 'نمایش شهرستان‌ها روی نقشه',
  onMap: (n: string, type: string) =>
    `${n} شهرستان، به اندازه جمعیت ۱۵ تا ۲۹ ساله؛ سرخ‌تر: نیاز بیشتر در برابر دسترسی کمتر به «${type}»`,
  hide: 'پنهان کردن شهرستان‌ها',
  tooltip: (name: string, rank: string, count: string, youth: string) =>
    `${name}: رتبه نیاز ${rank}؛ ${count} مکان برای ${youth} نفر ۱۵ تا ۲۹ ساله`,
  failed: 'محاسبه نیاز در برابر دسترسی ناموفق بود.',
} as const;
