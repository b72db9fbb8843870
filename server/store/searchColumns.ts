/**
 * The columns both stores derive from a name for search (domain/text.ts holds the rules): the folded name
 * that search matches against, and the key that sorts names in Persian alphabetical order.
 */
import { foldText, nameSortKey } from '../../domain/text';

export interface SearchColumns {
  name_folded: string;
  name_key: string;
}

export function searchColumnsOf(name: string): SearchColumns {
  return { name_folded: foldText(name), name_key: nameSortKey(name) };
}

/** Search answers from two folded characters; a trigram index serves three or more. */
export const TRIGRAM = 3;
