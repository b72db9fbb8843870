export { FilterButton } from './FilterButton';
export { FilterSummary, filterSummary } from './FilterSummary';
