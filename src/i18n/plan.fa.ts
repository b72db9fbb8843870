/** The Persian words of suggested sites (the statistics' card). */
export const planFa = {
  heading: 'جای مکان‌های تازه با بیشترین دسترسی',
  forWhom: 'برای چه کسانی',
  objectives: { population: 'همه', youth: '۱۵ تا ۲۹ ساله', women: 'زنان' },
  whom: { population: 'نفر', youth: 'نفر ۱۵ تا ۲۹ ساله', women: 'زن' },
  howMany: 'چند مکان',
  where: 'کجا',
  wholeCountry: 'همه ایران',
  rank: 'ترتیب',
  site: 'مکان پیشنهادی',
  gain: (whom: string, km: string) => `${whom} که در ${km} کیلومتری می‌افتند`,
  title: (n: string, type: string, km: string) => `${n} مکان پیشنهادی برای «${type}»، ${km} کیلومتر`,
  sentence: (
    n: string,
    type: string,
    sites: string,
    gain: string,
    whom: string,
    km: string,
    before: string,
    after: string,
  ) =>
    `${n} «${type}» تازه در ${sites}، ${gain} ${whom} را به فاصله کمتر از ${km} کیلومتر می‌رساند: شمار دورماندگان از ${before} به ${after} می‌رسد.`,
  none: (_whom: string, km: string) =>
    `هیچ مکان تازه‌ای کسی را به فاصله کمتر از ${km} کیلومتر نمی‌رساند: همه در دسترس‌اند.`,
  method:
    'مکان‌ها یکی پس از دیگری برگزیده شده‌اند، هر بار آن‌که بیشترین دورماندگان را می‌رساند (قاعده حریصانه): دست‌کم ۶۳ درصد آنچه بهترین گزینش همین شمار مکان می‌رساند. نامزدها همه شهرهای جست‌وجوی مکان و همه جاهایی‌اند که سرشماری مردم را در آن‌ها می‌نهد.',
  failed: 'پیشنهاد مکان‌ها ممکن نشد.',
  showOnMap: 'نمایش مکان‌های پیشنهادی روی نقشه',
  onMap: (n: string, whom: string, km: string, type: string) =>
    `${n} مکان پیشنهادی برای «${type}»؛ هر دایره ${km} کیلومتری است که ${whom} درون آن در دسترس می‌افتند`,
  toPlan: 'افزودن این مکان‌ها به یک طرح',
  hide: 'پنهان کردن مکان‌های پیشنهادی',
  tooltip: (order: string, name: string, gain: string, whom: string) =>
    `${order}. ${name}: ${gain} ${whom} تازه در دسترس`,
};
