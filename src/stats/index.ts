/** The statistics feature's public face (loaded on demand: import it lazily). */
export { StatsTab } from './StatsTab';
