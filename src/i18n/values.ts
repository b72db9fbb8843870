/** The data's own words in the page's language (domain/valueNames.ts). */
import { valueNameIn } from '../../domain/valueNames';
import { PAGE_LANGUAGE } from './language';

/** A data value as the page's language names it. */
export const valueName = (value: string): string => valueNameIn(value, PAGE_LANGUAGE.dataNames);
