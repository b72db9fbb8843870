/** A name search tried again as the text was likely meant, where it found nothing as typed. */
import { withAndBetween } from '../../domain/text';
import type { SearchQuery } from '../store/LocationStore';

/**
 * The query as typed, or, where that finds no name, as first meant with an «و» put back between two words that
 * does (domain/text.ts): «فنی حرفه ای تبریز» finds «... فنی و حرفه‌ای ... تبریز». Only a search that found nothing
 * pays for the tries.
 */
export async function searchedAs<T>(
  query: SearchQuery,
  answer: (query: SearchQuery) => Promise<T[]>,
): Promise<{ query: SearchQuery; rows: T[] }> {
  const rows = await answer(query);
  if (rows.length > 0) return { query, rows };
  for (const folded of withAndBetween(query.folded)) {
    const tried = { ...query, folded };
    const found = await answer(tried);
    if (found.length > 0) return { query: tried, rows: found };
  }
  return { query, rows };
}
