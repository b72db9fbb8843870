/**
 * "Report a problem" on a location's detail: a kind and a few words, sent without an account. Sending is allowed
 * once the text says something (REPORT_TEXT_MIN to REPORT_TEXT_MAX characters after trimming); a refusal keeps
 * what was written, to send again; once filed, the visitor gets the link where the report's status shows.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { FiledReport } from '../domain/wire/desk';
import { REPORT_TEXT_MAX, REPORT_TEXT_MIN, type ReportKind } from '../domain/reports';
import type { RequestFailure } from '../domain/requestFailure';
import { failureOfEvent } from './failure';
import { toBeProvided } from './toBeProvided';

export interface ReportDraft {
  guid: string;
  kind: ReportKind;
  text: string;
  /** The honeypot as the form has it: people never see it, so it stays empty unless a bot fills it. */
  trap: string;
}

export interface ProblemReportContext extends ReportDraft {
  filed: FiledReport | null;
  error: RequestFailure | null;
}

export type ProblemReportEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'SET_KIND'; kind: ReportKind }
  | { type: 'SET_TEXT'; text: string }
  | { type: 'SET_TRAP'; value: string }
  | { type: 'SUBMIT' };

export const textUsable = (text: string) => {
  const length = [...text.trim()].length;
  return length >= REPORT_TEXT_MIN && length <= REPORT_TEXT_MAX;
};

export const problemReportMachine = setup({
  types: {
    context: {} as ProblemReportContext,
    events: {} as ProblemReportEvent,
    input: {} as { guid: string },
  },
  actors: { send: toBeProvided<FiledReport, ReportDraft>('problemReport: send') },
  guards: { usable: ({ context }) => textUsable(context.text) },
}).createMachine({
  id: 'problemReport',
  context: ({ input }) => ({ guid: input.guid, kind: 'closed', text: '', trap: '', filed: null, error: null }),
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'editing' } },
    editing: {
      on: {
        CLOSE: 'closed',
        SET_KIND: {
          actions: assign({
            kind: ({ event }) => {
              assertEvent(event, 'SET_KIND');
              return event.kind;
            },
          }),
        },
        SET_TEXT: {
          actions: assign({
            text: ({ event }) => {
              assertEvent(event, 'SET_TEXT');
              return event.text;
            },
          }),
        },
        SET_TRAP: {
          actions: assign({
            trap: ({ event }) => {
              assertEvent(event, 'SET_TRAP');
              return event.value;
            },
          }),
        },
        SUBMIT: { guard: 'usable', target: 'sending' },
      },
    },
    sending: {
      entry: assign({ error: null }),
      invoke: {
        src: 'send',
        input: ({ context }) => ({
          guid: context.guid,
          kind: context.kind,
          text: context.text.trim(),
          trap: context.trap,
        }),
        onDone: { target: 'sent', actions: assign({ filed: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => failureOfEvent(event) }) },
      },
    },
    sent: { on: { CLOSE: 'closed' } },
  },
});
