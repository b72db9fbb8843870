/* global window, document */
/*
 * Sets <html lang dir> before the first paint, for a page shell that did not come from the server (the
 * service worker's offline copy is the Persian one): `?lang=` first, then the remembered choice (the
 * makan-lang cookie), else the shell as it is. The rule is domain/language.ts's; tests/unit/languageScript
 * checks that this copy of it agrees. The manifest link follows, so an installed app keeps the language. A classic script in <head>: it runs before anything is drawn.
 */
(function () {
  var direction = { fa: 'rtl', en: 'ltr' };
  var manifest = { fa: '/manifest.webmanifest', en: '/manifest-en.webmanifest' };
  var known = function (value) {
    return value === 'fa' || value === 'en';
  };
  var asked;
  var kept;
  try {
    asked = new URLSearchParams(window.location.search).get('lang');
    var match = /(?:^|;\s*)makan-lang=([^;]*)/.exec(document.cookie);
    kept = match ? match[1] : null;
  } catch {
    return;
  }
  var lang = known(asked) ? asked : known(kept) ? kept : null;
  if (lang === null) return;
  document.documentElement.lang = lang;
  document.documentElement.dir = direction[lang];
  var link = document.querySelector('link[rel="manifest"]');
  if (link) link.setAttribute('href', manifest[lang]);
})();
