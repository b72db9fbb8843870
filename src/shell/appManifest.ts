/**
 * The web app manifest in each language: what an installed Makan is called and looks like. The default
 * language's is the PWA plugin's; the others are written beside it (each entry of domain/language.ts names its
 * file), and each language's page shell links to its own, so an English visitor installs "Makan", left to right,
 * opening in English.
 */
import { LANGUAGE_TABLE, startUrlOf, type Language } from '../../domain/language';
import { WORDS } from '../i18n/words';

export function appManifest(language: Language) {
  const words = WORDS[language];
  return {
    id: '/',
    name: words.appTitleShort,
    short_name: LANGUAGE_TABLE[language].appShortName,
    description: words.appSubtitle,
    lang: language,
    dir: LANGUAGE_TABLE[language].direction,
    start_url: startUrlOf(language),
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
