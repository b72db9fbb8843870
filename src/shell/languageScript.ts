/**
 * The page shell's first script (/lang.js), written from domain/language.ts by the build: it sets <html lang dir>
 * before the first paint for a shell that did not come from the server (the service worker's offline copy is the
 * default language's): `?lang=` first, then the remembered choice (the cookie), else the shell as it is. The
 * manifest link follows, so an installed app keeps the language. A classic script in <head>, in the oldest
 * JavaScript, since it runs before anything else.
 */
import { DIRECTION, LANGUAGE_MEMORY, LANGUAGE_PARAM, MANIFEST_FILE } from '../../domain/language';

export const LANGUAGE_SCRIPT_FILE = 'lang.js';

export function languageScript(): string {
  const manifests = Object.fromEntries(Object.entries(MANIFEST_FILE).map(([language, file]) => [language, `/${file}`]));
  return `/* Written by the build from domain/language.ts (src/shell/languageScript.ts). */
(function () {
  var direction = ${JSON.stringify(DIRECTION)};
  var manifest = ${JSON.stringify(manifests)};
  var known = function (value) {
    return typeof value === 'string' && Object.prototype.hasOwnProperty.call(direction, value);
  };
  var asked;
  var kept;
  try {
    asked = new URLSearchParams(window.location.search).get(${JSON.stringify(LANGUAGE_PARAM)});
    var match = /(?:^|;\\s*)${LANGUAGE_MEMORY}=([^;]*)/.exec(document.cookie);
    kept = match ? match[1] : null;
  } catch (e) {
    return;
  }
  var lang = known(asked) ? asked : known(kept) ? kept : null;
  if (lang === null) return;
  document.documentElement.lang = lang;
  document.documentElement.dir = direction[lang];
  var link = document.querySelector('link[rel="manifest"]');
  if (link) link.setAttribute('href', manifest[lang]);
})();
`;
}
