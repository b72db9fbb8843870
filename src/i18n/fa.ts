/** Every Persian string the UI shows, in one place. */
export const fa = {
  appTitle: 'سامانه جامع آموزش مهارتی سازمان آموزش فنی و حرفه‌ای کشور',
  appTitleShort: 'سامانه آموزش مهارتی فنی و حرفه‌ای',
  appSubtitle: 'زیرسامانه داده‌های مکانی',
  skipToContent: 'رفتن به محتوای اصلی',
  openFullApp: 'نمایش در سامانه داده‌های مکانی',
  openMenu: 'باز کردن منو',
  closeMenu: 'بستن منو',
  navigation: 'انواع مکان‌ها',
  offline: {
    badge: (date: string | null) => (date ? `آفلاین: داده‌های ${date}` : 'آفلاین: داده‌های بازدید پیشین'),
    unseen: 'این بخش در بازدیدهای پیشین دیده نشده و اکنون به سرور دسترسی نیست. پس از وصل شدن دوباره تلاش کنید.',
  },
  downloads: {
    button: 'دریافت داده‌ها',
    title: 'دریافت داده‌ها',
    intro: (version: string, date: string | null) =>
      `نسخه ${version} داده‌ها${date ? `، به‌روزشده در ${date}` : ''}. پرونده‌ها همان قالب ورود داده‌اند؛ ارقام در پرونده‌ها لاتین است.`,
    all: 'همه مکان‌ها',
    type: (type: string) => `همه «${type}»`,
    filtered: (type: string) => `«${type}» با فیلترهای کنونی`,
    rows: (n: string) => `${n} ردیف`,
    csv: 'CSV',
    geojson: 'GeoJSON',
    metadata: 'شرح ستون‌ها و منبع (JSON)',
    licence: (licence: string) => `مجوز: ${licence}`,
    failed: 'خواندن شمار ردیف‌ها ناموفق بود.',
    changesHeading: 'تغییرات اخیر داده‌ها',
    noChanges: 'تغییری ثبت نشده است.',
    change: (date: string, version: string, added: string, removed: string, moved: string, renamed: string) =>
      `${date} (نسخه ${version}): ${added} افزوده، ${removed} حذف، ${moved} جابه‌جا (بیش از ۱۰۰ متر)، ${renamed} تغییر نام`,
  },
  update: {
    available: 'نسخه تازه‌ای از سامانه آماده است.',
    apply: 'به‌روزرسانی',
    later: 'بعداً',
  },
  tabMap: 'نقشه',
  tabStats: 'آمار',
  statsDisabled: 'آمار برای این بخش در دسترس نیست',
  zoomHint: 'برای مشاهده مکان‌ها نقشه را بزرگ‌نمایی کنید',
  loading: 'در حال بارگذاری…',
  retry: 'تلاش دوباره',
  reloadPage: 'بارگذاری دوباره صفحه',
  close: 'بستن',
  search: 'جستجو',
  notFoundTitle: 'صفحه پیدا نشد',
  notFoundBody: 'نشانی واردشده در این سامانه وجود ندارد.',
  backHome: 'بازگشت به صفحه اصلی',
  truncated: (n: string) => `فقط ${n} مکان نخست نمایش داده شده است؛ برای دیدن همه، نقشه را بزرگ‌نمایی کنید.`,
  mapLabel: 'نقشه مکان‌ها',
  zoomIn: 'بزرگ‌نمایی',
  zoomOut: 'کوچک‌نمایی',
  nothingHere: 'در این محدوده مکانی از این نوع نیست؛ نقشه را جابه‌جا یا کوچک کنید.',
  mapControls: {
    toggleAttribution: 'نمایش یا پنهان کردن منابع نقشه',
    mapFeedback: 'گزارش اشکال نقشه',
    resetBearing: 'بازگرداندن جهت شمال',
  },
  summary: {
    nothing: 'هیچ مکانی از این نوع ثبت نشده است.',
    highest: (name: string, value: string) => `بیشترین: ${name} با ${value}`,
    lowest: (name: string, value: string) => `کمترین: ${name} با ${value}`,
    total: (n: string) => `در مجموع ${n} مکان`,
    countryRate: (rate: string) => `کل کشور ${rate} به ازای هر ۱۰۰ هزار نفر`,
    none: (n: string) => `${n} استان هیچ مکانی ندارند`,
    everywhere: 'همه استان‌ها دست‌کم یک مکان دارند',
    largestShare: (name: string, percent: string, count: string, total: string) =>
      `بیشترین سهم: ${name} با ${percent} (${count} از ${total}).`,
    largestRate: (rate: string) => `یعنی ${rate} به ازای هر ۱۰۰ هزار نفر.`,
  },
  coverage: {
    heading: 'دوری از نزدیک‌ترین مکان',
    title: (type: string, km: string) => `جمعیت دورتر از ${km} کیلومتر تا نزدیک‌ترین ${type}`,
    distance: 'فاصله',
    km: (km: string) => `${km} کیلومتر`,
    people: 'جمعیت سکونتگاه‌ها',
    far: 'جمعیت دور',
    share: 'سهم دور',
    shareLabel: 'سهم جمعیتِ دورتر از این فاصله',
    sentence: (far: string, percent: string, total: string, km: string, type: string) =>
      `${far} نفر (${percent} از ${total} نفر) بیش از ${km} کیلومتر تا نزدیک‌ترین مکانِ «${type}» فاصله دارند.`,
    farPlaces: (list: string) => `بزرگ‌ترین سکونتگاه‌های دور: ${list}.`,
    // The GeoNames names are Latin: isolated (FSI…PDI) so their direction never reorders the Persian around them.
    farPlace: (name: string, people: string, km: string | null) =>
      km === null ? `\u2068${name}\u2069 (${people} نفر)` : `\u2068${name}\u2069 (${people} نفر، ${km} کیلومتر)`,
    nobodyFar: 'هیچ‌کس دور نیست',
    showOnMap: 'نمایش سکونتگاه‌های دور روی نقشه',
    onMap: (n: string, km: string, type: string) => `${n} سکونتگاه دورتر از ${km} کیلومتر تا نزدیک‌ترین «${type}»`,
    hide: 'پنهان کردن سکونتگاه‌های دور',
    tooltip: (name: string, people: string, km: string | null) =>
      km === null
        ? `${name}: ${people} نفر؛ مکانی از این نوع نیست`
        : `${name}: ${people} نفر؛ ${km} کیلومتر تا نزدیک‌ترین مکان`,
    denominator: 'جمعیت: ساکنان سکونتگاه‌های ۱٬۰۰۰ نفر و بیشتر در GeoNames (نه همه جمعیت کشور)؛ فاصله در خط مستقیم.',
    failed: 'محاسبه دوری از مکان‌ها ناموفق بود.',
  },
  area: {
    heading: 'درون یک محدوده',
    help: 'شهری را برگزینید و فاصله‌ای: مکان‌های درون آن شعاع شمرده می‌شوند.',
    around: (km: string, town: string) => `${km} کیلومتری ${town}`,
    count: (area: string, n: string, type: string) => `درون ${area}: ${n} مکان از «${type}»`,
    more: (n: string) => `و ${n} مکان دیگر`,
    csv: 'دریافت مکان‌ها (CSV)',
    geojson: 'دریافت مکان‌ها (GeoJSON)',
    failed: 'شمارش مکان‌های درون محدوده ناموفق بود.',
    draw: 'رسم یک محدوده روی نقشه',
    drawHeading: 'رسم محدوده',
    drawHelp: 'روی نقشه کلیک کنید تا گوشه‌های محدوده یکی‌یکی افزوده شوند؛ با دست‌کم سه گوشه «پایان و شمارش» را بزنید.',
    vertices: (n: string) => `${n} گوشه`,
    addCentre: 'افزودن مرکز نقشه به‌عنوان گوشه',
    undo: 'حذف آخرین گوشه',
    finish: 'پایان و شمارش',
    cancel: 'بستن محدوده',
    redraw: 'رسم دوباره',
    drawn: 'محدوده رسم‌شده',
    refusal: {
      few: 'محدوده دست‌کم سه گوشه می‌خواهد.',
      many: (max: string) => `محدوده بیش از ${max} گوشه نمی‌پذیرد.`,
      crosses: 'لبه‌های محدوده نباید یکدیگر را قطع کنند: گوشه دیگری برگزینید یا آخرین گوشه را حذف کنید.',
    },
  },
  compare: {
    heading: 'مقایسه استان‌ها',
    choose: 'استان‌ها برای مقایسه',
    help: (min: string, max: string) => `${min} تا ${max} استان را برگزینید.`,
    clear: 'پاک کردن استان‌های مقایسه',
    failed: 'بارگذاری مقایسه استان‌ها ناموفق بود.',
    caption: 'هر نوع مکان در استان‌های برگزیده: تعداد، نسبت به جمعیت، رتبه و جنسیت',
    type: 'نوع مکان',
    population: (n: string) => `جمعیت ${n}`,
    rate: (rate: string) => `${rate} در ۱۰۰ هزار نفر`,
    rank: (rank: string, of: string) => `رتبه ${rank} از ${of}`,
  },
  perCapita: {
    switchLabel: 'نمایش آمار',
    count: 'تعداد',
    rate: 'به ازای ۱۰۰ هزار نفر',
    rateLabel: 'به ازای هر ۱۰۰ هزار نفر (جمعیت سرشماری ۱۳۹۵)',
    population: 'جمعیت (سرشماری ۱۳۹۵)',
    source: 'جمعیت: سرشماری عمومی نفوس و مسکن ۱۳۹۵، مرکز آمار ایران',
    totalRate: (rate: string) => `${rate} به ازای هر ۱۰۰ هزار نفر (جمعیت سرشماری ۱۳۹۵)`,
    pieNote: (place: string, people: string) =>
      `برچسب برش‌ها: شمار به ازای هر ۱۰۰ هزار نفر از ${people} نفر جمعیت ${place} (سرشماری ۱۳۹۵)؛ اندازه برش‌ها سهم هر گروه است.`,
  },
  layers: {
    button: 'نوع‌های دیگر روی نقشه',
    title: (type: string) => `افزودن به نقشه ${type}`,
    help: (max: string) => `هر نوع با رنگی جدا نشان داده می‌شود؛ تا ${max} نوع.`,
    legend: 'راهنمای رنگ‌های نقشه',
  },
  filters: {
    button: 'فیلترها',
    title: (type: string) => `فیلتر ${type}`,
    facet: { gender: 'جنسیت', legal: 'وضعیت حقوقی', supervisor: 'زیر نظر' },
    blank: 'نامشخص',
    help: 'هر عدد: تعداد مکان‌ها با فیلترهای دیگر.',
    clear: 'پاک کردن فیلترها',
    failed: 'گزینه‌های فیلتر بارگذاری نشد.',
    any: 'همه؛ برای انتخاب بنویسید یا بزنید',
    noValue: 'گزینه‌ای با این متن نیست.',
    clearOne: (facet: string) => `پاک کردن فیلتر ${facet}`,
    active: (summary: string) => `فیلتر: ${summary}`,
  },
  markerList: (n: string) => `فهرست ${n} مکان روی نقشه`,
  markerListTitle: 'مکان‌های روی نقشه',
  markerListHelp: 'برای دیدن جزئیات هر مکان، آن را انتخاب کنید.',
  markerFilter: 'پالایش فهرست با نام',
  markerListLoading: 'در حال بارگیری نام مکان‌ها…',
  markerListTooMany: (n: string, max: string) =>
    `${n} مکان در این نما است؛ فهرست نام‌ها تا ${max} مکان نشان داده می‌شود. نزدیک‌تر شوید یا از جست‌وجو استفاده کنید.`,
  markerFilterNoMatch: 'نامی با این متن در فهرست نیست.',
  wholeCountry: 'نمایش کل کشور',
  find: {
    placeholder: 'جستجوی نام مکان…',
    label: 'جستجوی مکان با نام',
    open: 'باز کردن جستجو',
    close: 'بستن جستجو',
    tooShort: 'دست‌کم دو حرف بنویسید.',
    searching: 'در حال جستجو…',
    nothing: 'مکانی با این نام پیدا نشد.',
    failed: 'جستجو انجام نشد.',
    results: (n: string) => `${n} نتیجه`,
    resultsOf: (shown: string, total: string) => `${shown} از ${total} مکان نشان داده شده است`,
    more: 'نمایش نتیجه‌های بیشتر',
    placesGroup: 'شهرها و استان‌ها',
    province: 'استان',
    nearestFrom: (place: string) => `نزدیک‌ترین مکان‌ها به ${place}`,
  },
  nearMe: {
    button: 'نزدیک‌ترین مکان‌ها به من',
    title: 'نزدیک‌ترین مکان‌ها به شما',
    titleFrom: (place: string) => `نزدیک‌ترین مکان‌ها به ${place}`,
    pinLabel: (rank: string, name: string, distance: string) => `${rank}. ${name}، ${distance}`,
    coarse: 'موقعیت شما دقیق نیست (شاید از روی شبکه حدس زده شده است). اگر جای دیگری هستید، شهر خود را انتخاب کنید.',
    chooseTown: 'انتخاب شهر من',
    townLabel: 'نام شهر یا استان',
    townPlaceholder: 'مثلاً بجنورد',
    locating: 'در حال یافتن موقعیت شما…',
    loading: 'در حال یافتن نزدیک‌ترین مکان‌ها…',
    distance: (km: string) => `${km} کیلومتر`,
    directions: 'مسیریابی',
    directionsLabel: (name: string) => `مسیریابی تا ${name} در اوپن‌استریت‌مپ`,
    you: 'موقعیت شما',
    none: 'مکانی از این نوع پیدا نشد.',
    problems: {
      denied:
        'اجازه دسترسی به موقعیت داده نشد. برای استفاده از این امکان، دسترسی به موقعیت را در تنظیمات مرورگر برای این سایت مجاز کنید.',
      unavailable: 'موقعیت شما در دسترس نیست. مکان‌یاب دستگاه را روشن کنید و دوباره تلاش کنید.',
      timeout: 'یافتن موقعیت شما بیش از حد طول کشید. دوباره تلاش کنید.',
      insecure: 'مرورگر فقط در نشانی امن (https) موقعیت را می‌دهد. سایت را با https باز کنید.',
      unsupported: 'این مرورگر امکان یافتن موقعیت را ندارد.',
      failed: 'فهرست نزدیک‌ترین مکان‌ها دریافت نشد.',
    },
  },
  stats: {
    total: 'تعداد کل مراکز',
    province: 'استان',
    all: 'همه',
    showList: 'فهرست مکان‌ها',
    showOnMap: 'نمایش استان روی نقشه',
    openOnMap: (name: string) => `نمایش ${name} روی نقشه`,
    notFoundOnMap: 'این مکان روی نقشه پیدا نشد.',
    columnTitle: 'تعداد به تفکیک استان',
    mapTitle: 'نقشه پراکندگی استانی',
    pieTitle: 'سهم به تفکیک جنسیت',
    count: 'تعداد',
    noData: 'داده‌ای برای نمایش نیست',
    legendNone: 'بدون مکان',
    showTable: 'نمایش جدول داده‌ها',
    hideTable: 'پنهان کردن جدول داده‌ها',
    openList: 'فهرست',
    mapKeys: 'با کلیدهای جهت‌نما میان استان‌ها بروید؛ Enter فهرست مکان‌های استان را باز می‌کند.',
    scrollHint: 'برای دیدن همه استان‌ها نمودار را به چپ بکشید',
    bucketLabels: ['کمتر از یک‌چهارم بیشینه', 'تا نیمه بیشینه', 'تا سه‌چهارم بیشینه', 'بیش از سه‌چهارم بیشینه'],
    export: 'دریافت',
    exportPng: 'تصویر PNG',
    exportSvg: 'تصویر SVG',
    exportCsv: 'داده‌ها (CSV)',
    failed: 'بارگذاری آمار ناموفق بود.',
    pieFailed: 'بارگذاری نمودار دایره‌ای ناموفق بود.',
    listTitle: (type: string, province: string) => `${type} — ${province}`,
    shownCount: (n: string) => `${n} مکان`,
    arrivingCount: (n: string) => `${n} مکان تا کنون؛ بقیه در راه است…`,
    noMatch: 'موردی یافت نشد',
    listFailed: 'بارگذاری فهرست ناموفق بود.',
  },
  detail: {
    gender: 'جنسیت',
    legal: 'نوع شخصیت',
    phone: 'تلفن',
    fax: 'دورنگار',
    address: 'نشانی',
    moreDetails: 'جزئیات بیشتر',
    lessDetails: 'پنهان کردن جزئیات',
    noMoreDetails: 'اطلاعات تکمیلی ثبت نشده است',
    go: 'مسیریابی',
    goLabel: (name: string) => `مسیریابی تا ${name}`,
    apps: {
      geo: 'برنامه نقشه دستگاه',
      neshan: 'نشان',
      balad: 'بلد',
      google: 'گوگل مپس',
      osm: 'اوپن‌استریت‌مپ',
    },
    call: (number: string) => `تماس با ${number}`,
    copyAddress: 'رونوشت نشانی',
    copied: 'رونوشت شد',
    share: 'هم‌رسانی',
    shareCopied: 'پیوند رونوشت شد',
    gone: 'این مکان دیگر در داده‌ها نیست؛ شاید حذف شده است.',
    back: 'بازگشت به نقشه',
  },
  errors: {
    dataChanged: 'داده‌ها همین حالا به‌روز شدند و نقشه دوباره بارگیری شد؛ لطفاً مکان را دوباره انتخاب کنید.',
    network: 'ارتباط با سرور برقرار نشد. اتصال خود را بررسی کنید.',
    timeout: 'پاسخ سرور بیش از حد طول کشید.',
    server: 'خطایی در سرور رخ داد.',
    notFound: 'اطلاعات درخواستی یافت نشد.',
    badRequest: 'درخواست نامعتبر است.',
    rateLimited: 'تعداد درخواست‌ها بیش از حد مجاز است؛ کمی بعد دوباره تلاش کنید.',
    forbidden: 'درخواست رد شد؛ صفحه را دوباره بارگذاری کنید.',
    mapData: 'بارگذاری مکان‌ها ناموفق بود.',
    detail: 'بارگذاری جزئیات این مکان ناموفق بود.',
    detailTitle: 'جزئیات مکان',
    partFailed: 'این بخش نمایش داده نشد.',
    codeLoadFailed:
      'بارگیری این بخش از سرور ناموفق بود؛ شاید ارتباط قطع است یا نسخه تازه‌ای از سامانه منتشر شده است. دوباره تلاش کنید یا صفحه را دوباره بارگذاری کنید.',
    renderFailed: 'خطایی در نمایش این بخش رخ داد. دوباره تلاش کنید یا صفحه را دوباره بارگذاری کنید.',
  },
} as const;

const NUMBER_FORMAT = new Intl.NumberFormat('en-US');
/** Persian (Jalali) calendar with Persian month names: "۲ آذر ۱۴۰۵، ساعت ۱۰:۳۰". */
const JALALI_FORMAT = new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Asia/Tehran',
});

/** "Data last updated on ..." as Persian text; null for a missing or unreadable date. */
export function updatedOn(iso: string | null): string | null {
  if (iso === null) return null;
  const time = Date.parse(iso);
  if (!Number.isFinite(time) || time <= 0) return null;
  return `آخرین به‌روزرسانی داده‌ها: ${JALALI_FORMAT.format(time)}`;
}

const JALALI_DATE = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { dateStyle: 'long', timeZone: 'Asia/Tehran' });

/** A day in the Persian calendar ("۲ آذر ۱۴۰۵"); null for a missing or unreadable date. */
export function jalaliDate(iso: string | null): string | null {
  const time = iso === null ? NaN : Date.parse(iso);
  return Number.isFinite(time) && time > 0 ? JALALI_DATE.format(time) : null;
}

/** Thousands separated by a comma. */
export function formatCount(value: number): string {
  return NUMBER_FORMAT.format(value);
}

const KM_FORMAT = new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 1 });
const RANK_FORMAT = new Intl.NumberFormat('fa-IR');

/** A place's number in a list (and on its pin), in Persian digits. */
export function formatRank(rank: number): string {
  return RANK_FORMAT.format(rank);
}

/** A distance in kilometres, in Persian digits with at most one decimal. */
export function formatKm(km: number): string {
  return KM_FORMAT.format(km < 10 ? km : Math.round(km));
}
