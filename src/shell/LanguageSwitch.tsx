/** The toolbar's link to this page in the other language: a new page load, so every word changes at once. */
import { useLocation, useSearch } from 'wouter';
import { addressIn, languageCookie, OTHER_LANGUAGE } from '../i18n/language';
import { t } from '../i18n/words';

export function LanguageSwitch() {
  const [path] = useLocation();
  const search = useSearch();
  return (
    <a
      className="language-switch"
      href={addressIn(OTHER_LANGUAGE, path, search)}
      hrefLang={OTHER_LANGUAGE}
      lang={OTHER_LANGUAGE}
      aria-label={t.language.label}
      onClick={() => {
        document.cookie = languageCookie(OTHER_LANGUAGE);
      }}
    >
      {t.language.switchTo}
    </a>
  );
}
