/**
 * Inside an area: once an area is chosen (a town and a radius, or a polygon drawn), what of the type lies
 * inside it, under the filters in force (a query machine: another area or other filters ask again).
 */
import type { AreaAnswer } from '../domain/wire/answers';
import { sameFilters, type Filters } from '../domain/filters';
import { queryMachine } from './query';

export interface ChosenArea {
  /** What the area is, in words ("25 km around Bojnurd"). */
  label: string;
  ring: [number, number][];
}

export interface AreaScope {
  typeId: string;
  filters: Filters;
  /** None yet: the machine waits for one. */
  area: ChosenArea | null;
}

export const areaMachine = queryMachine<AreaScope, AreaAnswer>({
  id: 'area',
  ready: ({ area }) => area !== null,
  // An area chosen again is asked again (the same town and radius, chosen anew, is a new question).
  same: (a, b) => a.typeId === b.typeId && a.area === b.area && sameFilters(a.filters, b.filters),
});
