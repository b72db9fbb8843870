/** The provinces compared side by side live in the address: ?compare=Tehran,Fars (English names). */
import { useKeyed } from '../ui/useKeyed';
import { useSearch } from 'wouter';
import { COMPARE_PROVINCES } from '../../domain/compare';
import { provinceByEnName } from '../../domain/provinces';
import { replaceParams } from './history';

export const COMPARE_PARAM = 'compare';

export function comparedOf(search: string): string[] {
  const names = (new URLSearchParams(search).get(COMPARE_PARAM) ?? '').split(',');
  const known = names.map((n) => provinceByEnName(n)?.name_en).filter((n): n is string => n !== undefined);
  return [...new Set(known)].slice(0, COMPARE_PROVINCES.max);
}

export function useCompared(): string[] {
  const compared = comparedOf(useSearch());
  return useKeyed(compared, compared.join());
}

export const setCompared = (provinces: readonly string[]) =>
  replaceParams({ [COMPARE_PARAM]: provinces.length === 0 ? null : provinces.join(',') });
