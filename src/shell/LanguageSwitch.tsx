/**
 * The toolbar's links to this page in the other languages, each named in its own language: a new page load, so
 * every word changes at once.
 */
import { useLocation, useSearch } from 'wouter';
import { LANGUAGE_TABLE } from '../../domain/language';
import { addressIn, languageCookie, OTHER_LANGUAGES } from '../i18n/language';

export function LanguageSwitch() {
  const [path] = useLocation();
  const search = useSearch();
  return OTHER_LANGUAGES.map((language) => (
    <a
      key={language}
      className="language-switch"
      href={addressIn(language, path, search)}
      hrefLang={language}
      lang={language}
      aria-label={LANGUAGE_TABLE[language].switchLabel}
      onClick={() => {
        document.cookie = languageCookie(language);
      }}
    >
      {LANGUAGE_TABLE[language].ownName}
    </a>
  ));
}
