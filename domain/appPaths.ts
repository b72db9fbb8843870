/**
 * The addresses the app itself routes (its shell draws them): the types' routes (the root among them), the
 * staff console and a report's status. Every other address is the server's alone (a province's list, the search
 * form's answer, the sitemap, robots.txt, the API) and must reach it: the service worker hands the shell only to
 * these, so a returning visitor is never shown the app's "page not found" for a page only the server makes.
 */
import { routeOfPath } from './locationTypes';
import { reportIdOfPath, STAFF_PATH } from './reports';

export function isAppPath(path: string): boolean {
  return path === '/index.html' || path === STAFF_PATH || reportIdOfPath(path) !== null || routeOfPath(path) !== null;
}
