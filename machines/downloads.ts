/**
 * The "download the data" dialog: once opened, it reads the current version's metadata (row counts per type),
 * how many rows the filters in force keep (so each button can say how many rows its file holds) and what the
 * latest imports changed (a query machine; the dialog's scope is fixed while it is open).
 */
import type { DatasetChange } from '../domain/changes';
import type { DownloadMetadata } from '../domain/downloads';
import { sameFilters, type Filters } from '../domain/filters';
import { queryMachine } from './query';

export interface DownloadCounts {
  metadata: DownloadMetadata;
  /** What the latest imports changed, newest first. */
  changes: DatasetChange[];
  /** Rows of the type under the filters in force (null without filters). */
  filtered: number | null;
}

export interface DownloadsScope {
  typeId: string;
  filters: Filters;
}

export const downloadsMachine = queryMachine<DownloadsScope, DownloadCounts>({
  id: 'downloads',
  same: (a, b) => a.typeId === b.typeId && sameFilters(a.filters, b.filters),
});
