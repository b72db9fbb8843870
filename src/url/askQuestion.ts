/**
 * A question asked in everyday words lives in the address, so its answer is a link like any other:
 * ?ask=TEXT&drop=Audience,Place (the parts of what was understood the visitor removed). Asking pushes a history
 * entry, and so does each removal: Back restores a removed part, then closes the answer. The filters in the
 * address follow the chips (the audience is the gender filter), written here with them.
 */
import { useSearch } from 'wouter';
import { AUDIENCES, type AudienceKey } from '../../domain/audiences';
import { ASK_MAX_CHARS } from '../../domain/ask/limits';
import { filtersOf, type Filters } from '../../domain/filters';
import { ASK_DROPPABLE, type AskDroppable } from '../../domain/ask/parts';
import { searchWithFilters } from './filters';

const ASK = 'ask';
const DROP = 'drop';

export interface AskInAddress {
  question: string;
  drop: readonly AskDroppable[];
}

/** The question an address asks, or null; an unknown part in `drop` is ignored, a question cut to the limit. */
export function askOfSearch(search: string): AskInAddress | null {
  const params = new URLSearchParams(search);
  const question = params.get(ASK)?.trim().slice(0, ASK_MAX_CHARS);
  if (!question) return null;
  const drop = (params.get(DROP) ?? '')
    .split(',')
    .filter((part): part is AskDroppable => (ASK_DROPPABLE as readonly string[]).includes(part));
  return { question, drop: [...new Set(drop)] };
}

export const useAskInAddress = (): AskInAddress | null => askOfSearch(useSearch());

function searchWith(search: string, ask: AskInAddress | null): string {
  const params = new URLSearchParams(search);
  params.delete(ASK);
  params.delete(DROP);
  if (ask) {
    params.set(ASK, ask.question);
    if (ask.drop.length > 0) params.set(DROP, ask.drop.join(','));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

const go = (path: string, search: string, push: boolean) => {
  const url = `${path}${search}${window.location.hash}`;
  if (push) window.history.pushState(null, '', url);
  else window.history.replaceState(window.history.state, '', url);
};

/** Asks a question: a new history entry, on this page, with none of its parts removed. */
export function openAsk(question: string): void {
  go(window.location.pathname, searchWith(window.location.search, { question: question.trim(), drop: [] }), true);
}

/** The gender filter an audience stands for (none: no gender filter), the other filters kept. */
const withAudience = (filters: Filters, audience: AudienceKey | null): Filters => ({
  ...filters,
  gender: audience ? [...AUDIENCES.find((a) => a.key === audience)!.genders] : [],
});

/** A part removed (a new history entry): an audience removed also leaves the gender filter. */
export function dropPart(part: AskDroppable): void {
  const now = askOfSearch(window.location.search);
  if (!now || now.drop.includes(part)) return;
  let search = searchWith(window.location.search, { ...now, drop: [...now.drop, part] });
  if (part === 'Audience')
    search = searchWithFilters(search, withAudience(filtersOf(new URLSearchParams(search)), null));
  go(window.location.pathname, search, true);
}

/**
 * The page and filters the answer is shown on: the type's page, and the gender filter of its audience. Replaces
 * the entry (the answer arriving is no step of its own).
 */
export function followAnswer(path: string | null, audience: AudienceKey | null): void {
  const filters = filtersOf(new URLSearchParams(window.location.search));
  const search = searchWithFilters(window.location.search, withAudience(filters, audience));
  const target = path ?? window.location.pathname;
  if (target === window.location.pathname && search === window.location.search) return;
  go(target, search, false);
}

/** The answer closed: the question leaves the address (the filters it set stay, as the map shows them). */
export function closeAsk(): void {
  go(window.location.pathname, searchWith(window.location.search, null), false);
}
