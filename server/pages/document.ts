/**
 * A server-rendered page in the built shell (the visitor's language already set on it): its own title and
 * description, canonical address and its pair in the other language, Open Graph tags and, for a location,
 * schema.org JSON-LD; the answer in place of the shell's loading note. A page the app takes over keeps the
 * app's scripts; one the app has no screen for (a province's list, a search) is plain HTML without them.
 */
import { LANGUAGE_PARAM, LANGUAGES, LANGUAGE_TABLE, DEFAULT_LANGUAGE, type Language } from '../../domain/language';
import { DEFERRED_STYLE_ATTRIBUTE } from '../../domain/http';
import { PAGE_ANSWERS_ID, type PageAnswers } from '../../domain/pageAnswers';
import { html, joinHtml, jsonInScript, trustedHtml, type Html } from './html';
import { PAGE_WORDS } from './pageWords';
import { PAGE_STYLE } from './pageStyle';

export interface PageParts {
  language: Language;
  title: string;
  description: string;
  /** The page's address without the language (its path and query as the app writes them). */
  path: string;
  /** What goes in the page's main part. */
  main: Html;
  jsonLd?: object;
  /** Whether the app's script takes the page over (false: the page is the whole answer). */
  app: boolean;
  /** What the page shows as the API answers it, for the app that takes it over (domain/pageAnswers.ts). */
  answers?: PageAnswers;
}

/** The address of a page in a language: the default language's has no `lang`. */
export function inLanguage(path: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${LANGUAGE_PARAM}=${language}`;
}

const ROOT = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;
/** The app's stylesheet: the page's own answer needs none of it. */
const APP_STYLESHEET = /(\s*)<link rel="stylesheet"([^>]*)>/g;
const APP_SCRIPTS =
  /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>|\s*<script src="\/lang\.js"><\/script>/g;

function header(parts: PageParts): Html {
  const { language, path } = parts;
  // A link to each other language, by its own name, said in it; the language named in the address, so that it
  // wins over a remembered choice.
  const links = LANGUAGES.filter((l) => l !== language).map(
    (other) =>
      html`<a class="ssr-lang" lang="${other}" dir="${LANGUAGE_TABLE[other].direction}" aria-label="${LANGUAGE_TABLE[other].switchLabel}" href="${`${path}${path.includes('?') ? '&' : '?'}${LANGUAGE_PARAM}=${other}`}">${LANGUAGE_TABLE[other].ownName}</a>`,
  );
  const { heading, headingShort, subtitle } = LANGUAGE_TABLE[language].shell;
  // The app's title and subtitle, as its toolbar and the shell paint them.
  const titles = html`<span class="boot-titles"><span class="boot-title"><span class="boot-title-full">${heading}</span><span class="boot-title-short">${headingShort}</span></span><span class="boot-subtitle">${subtitle}</span></span>`;
  // Where the app's menu button will stand, on a page the app takes over: its logo and title do not move then.
  const menuSpace = parts.app && html`<span class="boot-menu"></span>`;
  return html`<header class="boot-toolbar">${menuSpace}<a href="${inLanguage('/', language)}" class="ssr-home"><img src="/logo.svg" alt="" width="36" height="36">${titles}</a>${links}</header>`;
}

/** Data, not a script the browser runs (no CSP exception needed); no text in it can close the element. */
const answersScript = (answers: PageAnswers) =>
  html`<script type="application/json" id="${PAGE_ANSWERS_ID}">${jsonInScript(answers)}</script>`;

export function renderDocument(shell: string, parts: PageParts, origin: string): string {
  const { language, title, description, path } = parts;
  const canonical = `${origin}${inLanguage(path, language)}`;
  const head = joinHtml([
    html`<link rel="canonical" href="${canonical}">`,
    LANGUAGES.map((l) => html`<link rel="alternate" hreflang="${l}" href="${`${origin}${inLanguage(path, l)}`}">`),
    html`<link rel="alternate" hreflang="x-default" href="${`${origin}${path}`}">`,
    html`<meta property="og:type" content="${parts.jsonLd ? 'place' : 'website'}">`,
    html`<meta property="og:title" content="${title}">`,
    html`<meta property="og:description" content="${description}">`,
    html`<meta property="og:url" content="${canonical}">`,
    html`<meta property="og:locale" content="${LANGUAGE_TABLE[language].locale.replace('-', '_')}">`,
    html`<meta property="og:image" content="${`${origin}/logo.svg`}">`,
    parts.jsonLd && html`<script type="application/ld+json">${jsonInScript(parts.jsonLd)}</script>`,
    html`<style>${trustedHtml(PAGE_STYLE)}</style>`,
  ]).text;
  // The app replaces the whole page when it takes over: while this line shows, the map has not.
  const noScript = html`<p class="ssr-note" id="ssr-note">${PAGE_WORDS[language].scriptUnavailable}</p>`;
  // The built shell is the program's own markup; what goes into it is made by `html`.
  const page = shell
    .replace(/<title>[^<]*<\/title>/, () => html`<title>${title}</title>`.text)
    .replace(
      /<meta name="description" content="[^"]*"/,
      () => html`<meta name="description" content="${description}"`.text,
    )
    .replace('</head>', () => `${head}</head>`)
    .replace(
      ROOT,
      (_, tail: string) =>
        html`<div id="root">${header(parts)}<main class="ssr" id="main">${parts.main}${parts.app && noScript}</main></div>${parts.app && parts.answers && answersScript(parts.answers)}`
          .text + tail,
    );
  // Preloaded rather than applied: the answer paints without waiting for it, and the app applies it in its own
  // place in the head (before the styles the app adds) when it starts (src/shell/deferredStyles.ts).
  if (parts.app)
    return page.replace(
      APP_STYLESHEET,
      (_, space: string, rest: string) => `${space}<link rel="preload" as="style"${rest} ${DEFERRED_STYLE_ATTRIBUTE}>`,
    );
  return page.replace(APP_STYLESHEET, '').replace(APP_SCRIPTS, '');
}
