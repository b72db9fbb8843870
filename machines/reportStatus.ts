/** A report's status page (/reports/{id}): one question, by the report's id. */
import type { ReportStatusAnswer } from '../domain/wire/desk';
import { queryMachine } from './query';

export interface ReportStatusScope {
  id: string;
}

export const reportStatusMachine = queryMachine<ReportStatusScope, ReportStatusAnswer>({
  id: 'reportStatus',
  same: (a, b) => a.id === b.id,
});
