/**
 * The answers the server's page came with (domain/pageAnswers.ts): a request for one of them is answered from
 * the page, as the server would answer it, instead of asking again for what the HTML already holds (the
 * statistics' chart data and pie, the dataset's meta, each read by several parts as the app starts).
 *
 * They are the answers of the moment the page was made, so they serve the app's start only: until its first
 * screen is up (`endPageAnswers`, called by main.tsx), and only while the server's own answers say the same
 * dataset version. After that every request goes to the server, revalidated as the API's policy asks.
 */
import { DATASET_VERSION_HEADER } from '../../domain/http';
import { PAGE_ANSWERS_ID, type PageAnswers } from '../../domain/pageAnswers';

let held: Map<string, unknown> | null = null;
let version = '';

/** Read at the first request; the element is outside the app's root, so rendering has left it in place. */
function answers(): Map<string, unknown> {
  if (held !== null) return held;
  held = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_ANSWERS_ID);
  if (element?.textContent) {
    try {
      const page = JSON.parse(element.textContent) as PageAnswers;
      version = String(page.version);
      held = new Map(Object.entries(page.answers));
    } catch {
      // A page whose answers cannot be read: every request goes to the server, as without them.
    }
  }
  element?.remove();
  return held;
}

/** The page's answer to a GET of this address (relative to the API's base), as a response; null when it has none. */
export function pageAnswer(path: string): Response | null {
  const all = answers();
  if (!all.has(path)) return null;
  return new Response(JSON.stringify(all.get(path)), {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', [DATASET_VERSION_HEADER]: version },
  });
}

/** The app's first screen is up: from now on the server is asked. */
export function endPageAnswers(): void {
  answers().clear();
}

/** Called with each answer from the server: one of another dataset version ends the page's answers. */
export function noteServerVersion(response: Response): void {
  const answered = response.headers.get(DATASET_VERSION_HEADER);
  if (answered !== null && held !== null && held.size > 0 && answered !== version) held.clear();
}
