/** The public's report machines wired to the real calls of src/api. */
import { fromPromise } from 'xstate';
import { HONEYPOT_FIELD } from '../../domain/reports';
import { problemReportMachine } from '../../machines/problemReport';
import { reportStatusMachine } from '../../machines/reportStatus';
import { fetchReportStatus, fileReport } from '../api/desk';

export const liveProblemReportMachine = problemReportMachine.provide({
  actors: {
    send: fromPromise(({ input, signal }) =>
      fileReport({ Guid: input.guid, Kind: input.kind, Text: input.text, [HONEYPOT_FIELD]: input.trap }, signal),
    ),
  },
});

export const liveReportStatusMachine = reportStatusMachine.provide({
  actors: { load: fromPromise(({ input, signal }) => fetchReportStatus(input.id, signal)) },
});
