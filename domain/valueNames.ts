/**
 * The data's own words (gender and legal values, as the organisation writes them in Persian) in a language that
 * names things in English: the app's filters, pie and details and the server's pages say them alike. Matched on
 * the shared folding rule; a value with no English here is shown as the data has it.
 */
import { foldText } from './text';

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

/** A data value as a language whose names are `dataNames` (domain/language.ts) says it. */
export const valueNameIn = (value: string, dataNames: 'fa' | 'en'): string =>
  dataNames === 'fa' ? value : (ENGLISH_BY_FOLDED.get(foldText(value)) ?? value);
