/** The data's own words in the page's language (domain/valueNames.ts). */
import { phraseNameIn, valueNameIn } from '../../domain/valueNames';
import { PAGE_LANGUAGE } from './language';

/** A data value as the page's language names it. */
export const valueName = (value: string): string => valueNameIn(value, PAGE_LANGUAGE.dataNames);

/** A short phrase of the data (a detail's position line) as the page's language names its parts. */
export const phraseName = (text: string): string => phraseNameIn(text, PAGE_LANGUAGE.dataNames);
