export { FilterButton } from './FilterButton';
export { FilterSummary, filterSummary } from './FilterSummary';
export { DownloadButton } from './DownloadButton';
