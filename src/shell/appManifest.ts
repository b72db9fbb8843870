/**
 * The web app manifest in each language: what an installed Makan is called and looks like. The Persian one is
 * the PWA plugin's; the English one is written beside it (MANIFEST_FILE names both), and the English page
 * shell links to it, so an English visitor installs "Makan", left to right, opening in English.
 */
import { DIRECTION, type Language } from '../../domain/language';
import { en } from '../i18n/en';
import { fa } from '../i18n/fa';

const WORDS = { fa, en } as const;
const SHORT_NAME: Record<Language, string> = { fa: 'مکان', en: 'Makan' };

export function appManifest(language: Language) {
  const words = WORDS[language];
  return {
    id: '/',
    name: words.appTitleShort,
    short_name: SHORT_NAME[language],
    description: words.appSubtitle,
    lang: language,
    dir: DIRECTION[language],
    start_url: language === 'fa' ? '/' : '/?lang=en',
    scope: '/',
    display: 'standalone' as const,
    background_color: '#ffffff',
    theme_color: '#0b6e4f',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' as const },
    ],
  };
}
