/** The web app manifest: what an installed Makan is called and looks like (read by the build's PWA plugin). */
import { t } from '../i18n/words';

export const APP_MANIFEST = {
  id: '/',
  name: t.appTitleShort,
  short_name: 'مکان',
  description: t.appSubtitle,
  lang: 'fa',
  dir: 'rtl' as const,
  start_url: '/',
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
