/**
 * The data's own words (gender and legal values, as the organisation writes them in Persian) in the page's
 * language: an English page said «مردانه» in its filters, pie and details. Matched on the shared folding rule; a
 * value with no English here is shown as the data has it.
 */
import { foldText } from '../../domain/text';
import { PAGE_LANGUAGE } from './language';

const ENGLISH: Record<string, string> = {
  مردانه: "Men's",
  زنانه: "Women's",
  مختلط: 'Mixed',
  حقیقی: 'Private (individual)',
  حقوقی: 'Private (company)',
  دولتی: 'Public',
  خصوصی: 'Private',
};

const ENGLISH_BY_FOLDED = new Map(Object.entries(ENGLISH).map(([fa, en]) => [foldText(fa), en]));

/** A data value as the page's language names it. */
export function valueName(value: string): string {
  return PAGE_LANGUAGE.dataNames === 'fa' ? value : (ENGLISH_BY_FOLDED.get(foldText(value)) ?? value);
}
