/** The Persian words of what-if plans (the statistics' card, the map's layer, the detail's actions). */
export const whatIfFa = {
  heading: 'اگر مکانی باز یا بسته شود',
  intro:
    'طرحی را بیازمایید: جایی که ممکن است مکان تازه‌ای باز شود مکان بیفزایید و مکان‌هایی را ببندید، و ببینید چه کسانی در کشور، هر استان و هر شهرستان به دسترس می‌آیند یا از آن بیرون می‌افتند.',
  start: 'آغاز یک طرح',
  end: 'پایان طرح',
  addTown: 'افزودن مکان در یک شهر',
  townLabel: 'شهر مکان تازه',
  townPlaceholder: 'نام یک شهر',
  sitesAdded: 'مکان‌های افزوده',
  closedList: 'مکان‌های بسته',
  siteNear: (town: string) => `مکان تازه نزدیک ${town}`,
  siteGain: (gain: string, whom: string) => `${gain} ${whom} تازه در دسترس`,
  removeSite: (town: string) => `برداشتن مکان تازه نزدیک ${town}`,
  reopen: (name: string) => `باز ماندن ${name}`,
  empty:
    'طرح هنوز چیزی را تغییر نمی‌دهد: در اینجا مکانی در یک شهر بیفزایید یا روی نقشه کلیک کنید، یا مکانی را از جزئیاتش ببندید.',
  opened: (n: string, type: string, near: string, gain: string, whom: string, km: string) =>
    `گشایش ${n} «${type}» نزدیک ${near}، ${gain} ${whom} را به فاصله کمتر از ${km} کیلومتر می‌رساند.`,
  closing: (n: string, names: string, lost: string, whom: string, km: string) =>
    `بستن ${n} مکان (${names})، ${lost} ${whom} دیگر را دورتر از ${km} کیلومتر می‌گذارد.`,
  farNow: (whom: string, km: string, before: string, after: string) =>
    `دورتر از ${km} کیلومتر: اکنون ${before} ${whom}، با این طرح ${after}.`,
  moves: (county: string, before: string, after: string) =>
    `رتبه نیاز شهرستان ${county} از ${before} به ${after} می‌رسد.`,
  figuresCaption: (km: string) => `مردم دورتر از ${km} کیلومتر از نزدیک‌ترین مکان، اکنون و با این طرح`,
  brought: 'به دسترس آمده',
  lost: 'دور مانده',
  chartCaption: (km: string) =>
    `مردمی که طرح به فاصله کمتر از ${km} کیلومتر می‌رساند، و مردمی که دورتر از ${km} کیلومتر می‌گذارد`,
  who: 'چه کسانی',
  now: 'اکنون',
  withPlan: 'با این طرح',
  change: 'تغییر',
  countiesCaption: 'شهرستان‌هایی که طرح تغییرشان می‌دهد',
  county: 'شهرستان',
  needRank: 'رتبه نیاز',
  farOf: (whom: string) => `دورماندگان (${whom})`,
  resolution: (km: string) =>
    `جای مردم: مردم هر شهرستان در مرکز آن و در آبادی‌های هزار نفر و بیشترِ نزدیک به آن نهاده شده‌اند؛ پس مکانی در یک روستا مردمی را می‌رساند که تا ${km} کیلومتری آن نهاده شده‌اند، نه شمار خود روستا را؛ در شهرستانی بی‌چنین آبادی‌هایی همه در مرکز آن‌اند.`,
  failed: 'محاسبه ارقام طرح ممکن نشد.',
  showOnMap: 'نمایش طرح روی نقشه',
  figures: 'ارقام طرح',
  addByClick: 'افزودن مکان با کلیک روی نقشه',
  stopAdding: 'پایان افزودن مکان',
  outside: 'این نقطه بیرون از ایران است: مکان تازه باید درون ایران باشد.',
  clickHelp: 'روی نقشه، جایی که مکان تازه باز می‌شود کلیک کنید.',
  onMap: (sites: string, closed: string, gain: string, whom: string, km: string) =>
    `طرح: ${sites} مکان تازه، ${closed} مکان بسته؛ ${gain} ${whom} تازه در ${km} کیلومتری`,
  siteTooltip: (name: string, gain: string, whom: string) => `مکان تازه نزدیک ${name}: ${gain} ${whom} تازه در دسترس`,
  closedTooltip: (name: string) => `${name}: در این طرح بسته`,
  closeInPlan: 'بستن در طرح',
  closedInPlan: 'در طرح بسته است: باز بماند',
  openHere: (type: string) => `یک «${type}» اینجا در طرح`,
  captionLine: (sites: string, closed: string, km: string) =>
    `با یک طرح: ${sites} مکان افزوده و ${closed} مکان بسته، در ${km} کیلومتر`,
  geojson: 'GeoJSON مکان‌های طرح',
};
