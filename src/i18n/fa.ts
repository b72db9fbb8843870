/** Every Persian string the UI shows, in one place. */
export const fa = {
  appTitle: 'سامانه جامع آموزش مهارتی سازمان آموزش فنی و حرفه‌ای کشور',
  appTitleShort: 'سامانه آموزش مهارتی فنی و حرفه‌ای',
  appSubtitle: 'زیرسامانه داده‌های مکانی',
  menu: 'منو',
  openMenu: 'باز کردن منو',
  closeMenu: 'بستن منو',
  navigation: 'انواع مکان‌ها',
  tabMap: 'نقشه',
  tabStats: 'آمار',
  statsDisabled: 'آمار برای این بخش در دسترس نیست',
  zoomHint: 'برای مشاهده مکان‌ها نقشه را بزرگ‌نمایی کنید',
  loading: 'در حال بارگذاری…',
  retry: 'تلاش دوباره',
  close: 'بستن',
  search: 'جستجو',
  notFoundTitle: 'صفحه پیدا نشد',
  notFoundBody: 'نشانی واردشده در این سامانه وجود ندارد.',
  backHome: 'بازگشت به صفحه اصلی',
  truncated: (n: string) => `فقط ${n} مکان نخست نمایش داده شده است؛ برای دیدن همه، نقشه را بزرگ‌نمایی کنید.`,
  mapLabel: 'نقشه مکان‌ها',
  clusterTitle: (n: string) => `${n} مکان؛ برای بزرگ‌نمایی کلیک کنید`,
  detail: {
    gender: 'جنسیت',
    legal: 'نوع شخصیت',
    phone: 'تلفن',
    fax: 'دورنگار',
    address: 'نشانی',
    moreDetails: 'جزئیات بیشتر',
    lessDetails: 'پنهان کردن جزئیات',
    noMoreDetails: 'اطلاعات تکمیلی ثبت نشده است',
  },
  errors: {
    network: 'ارتباط با سرور برقرار نشد. اتصال خود را بررسی کنید.',
    timeout: 'پاسخ سرور بیش از حد طول کشید.',
    server: 'خطایی در سرور رخ داد.',
    notFound: 'اطلاعات درخواستی یافت نشد.',
    badRequest: 'درخواست نامعتبر است.',
    rateLimited: 'تعداد درخواست‌ها بیش از حد مجاز است؛ کمی بعد دوباره تلاش کنید.',
    forbidden: 'درخواست رد شد؛ صفحه را دوباره بارگذاری کنید.',
    mapData: 'بارگذاری مکان‌ها ناموفق بود.',
    detail: 'بارگذاری جزئیات این مکان ناموفق بود.',
  },
} as const;

const NUMBER_FORMAT = new Intl.NumberFormat('en-US');

/** Spec §9: thousands separated by a comma. */
export function formatCount(value: number): string {
  return NUMBER_FORMAT.format(value);
}
