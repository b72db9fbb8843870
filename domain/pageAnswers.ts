/**
 * The answers a server-rendered page carries for the app that takes it over: what the page shows (a type's
 * counts per province, by gender, the dataset's meta) as the API would answer it, under the call's address
 * (domain/callPaths.ts), in a JSON script element the browser never runs. The app takes each once instead
 * of asking the server again for what the HTML already holds (src/api/pageAnswers.ts).
 */
export const PAGE_ANSWERS_ID = 'page-answers';

export interface PageAnswers {
  /** The dataset version the answers are of (sent as the API's answers say theirs). */
  version: number;
  /** Each answer's body under its call's address, relative to the API's base. */
  answers: Record<string, unknown>;
}
