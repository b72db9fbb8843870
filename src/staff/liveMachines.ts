/** The staff console's machines wired to the real calls of src/api. */
import { fromCallback, fromPromise } from 'xstate';
import { reportQueueMachine } from '../../machines/reportQueue';
import { staffConsoleMachine } from '../../machines/staffConsole';
import { uploadMachine, type SendInput, type UploadEvent } from '../../machines/upload';
import { failureOf } from '../../domain/requestFailure';
import {
  applyUpload,
  decideReport,
  discardUpload,
  fetchAudit,
  fetchStaffReports,
  fetchStaffWho,
  signIn,
  signOut,
  uploadFile,
} from '../api/desk';
import { queryMachine } from '../../machines/query';
import type { AuditAnswer } from '../../domain/wire/desk';

const liveUpload = uploadMachine.provide({
  actors: {
    send: fromCallback<UploadEvent, SendInput>(({ input, sendBack }) => {
      const cancel = new AbortController();
      // The machine keeps the File the view gave it, as it was given.
      uploadFile(input.file as File, input.choice, (sent) => sendBack({ type: 'PROGRESS', sent }), cancel.signal).then(
        (preview) => sendBack({ type: 'PREVIEWED', preview }),
        (error: unknown) => {
          if (!cancel.signal.aborted) sendBack({ type: 'FAILED', error: failureOf(error) });
        },
      );
      return () => cancel.abort();
    }),
    apply: fromPromise(({ input }) => applyUpload(input)),
    discard: fromPromise(({ input }) => discardUpload(input)),
  },
});

const liveReports = reportQueueMachine.provide({
  actors: {
    load: fromPromise(({ input, signal }) => fetchStaffReports(input, signal)),
    decide: fromPromise(({ input }) => decideReport(input.id, input.decision)),
  },
});

export const liveStaffConsoleMachine = staffConsoleMachine.provide({
  actors: {
    who: fromPromise(({ signal }) => fetchStaffWho(signal)),
    signIn: fromPromise(async ({ input, signal }) => {
      await signIn(input.name, input.password, signal);
      return fetchStaffWho(signal);
    }),
    signOut: fromPromise(() => signOut()),
    upload: liveUpload,
    reports: liveReports,
  },
});

/** The audit log: one question, asked again on request. */
export const liveAuditMachine = queryMachine<{ asked: number }, AuditAnswer>({
  id: 'audit',
  same: (a, b) => a.asked === b.asked,
}).provide({ actors: { load: fromPromise(({ signal }) => fetchAudit(signal)) } });
