/**
 * The suggested sites on the map live in the address with the card's choice, so the card can send the visitor to
 * them and a link shows them: ?suggest=25&suggestFor=youth&suggestN=5[&suggestIn=IR-08]. A choice the card does
 * not offer falls back to its default.
 */
import { PLAN_OBJECTIVES, type PlanObjective } from '../../domain/plan';
import { PROVINCES } from '../../domain/provinces';
import { DEFAULT_SUGGESTION, SUGGESTION_COUNTS, type SuggestionScope } from '../../machines/suggestion';
import { replaceParams } from './history';
import { KM_LAYERS } from './kmLayer';

const PARAMS = { objective: 'suggestFor', n: 'suggestN', province: 'suggestIn' } as const;
const CODES = new Set(PROVINCES.map((p) => p.iso_3166_2));

export type SuggestionChoice = Pick<SuggestionScope, 'objective' | 'n' | 'province'>;

/** The choice the address shows the sites of. */
export function suggestionChoiceOf(search: string): SuggestionChoice {
  const params = new URLSearchParams(search);
  const objective = params.get(PARAMS.objective);
  const n = Number(params.get(PARAMS.n));
  const province = params.get(PARAMS.province);
  return {
    objective: PLAN_OBJECTIVES.includes(objective as PlanObjective)
      ? (objective as PlanObjective)
      : DEFAULT_SUGGESTION.objective,
    n: (SUGGESTION_COUNTS as readonly number[]).includes(n) ? n : DEFAULT_SUGGESTION.n,
    province: province !== null && CODES.has(province) ? province : null,
  };
}

/** To the map, with the sites of this choice drawn on it. */
export const showSuggestionsOnMap = (km: number, choice: SuggestionChoice) =>
  replaceParams({
    [KM_LAYERS.suggest]: String(km),
    [PARAMS.objective]: choice.objective,
    [PARAMS.n]: String(choice.n),
    [PARAMS.province]: choice.province,
    tab: null,
  });
