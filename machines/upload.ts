/**
 * A file brought in through the staff console: chosen with how to apply it (prune, the valid records alone),
 * sent with progress, previewed (validation, quality report, changes), then applied or discarded. Nothing is
 * applied without the preview, and a preview the data has moved past is refused by the server (the failure says
 * so, and the file is chosen again).
 */
import { assertEvent, assign, enqueueActions, fromCallback, sendParent, setup, type ActorRefFrom } from 'xstate';
import type { Applied, FileEncoding, UploadPreview } from '../domain/wire/desk';
import type { RequestFailure } from '../domain/requestFailure';
import { failureOfEvent, sessionGone } from './failure';
import { toBeProvided } from './toBeProvided';

export interface UploadChoice {
  prune: boolean;
  skipInvalid: boolean;
  /** How the server reads the file's bytes: Windows-1256 only once the staff agree to convert it. */
  encoding: FileEncoding;
}

/** A file as the machine knows it (the view's File, kept as it is for the request). */
export interface ChosenFile {
  readonly name: string;
  readonly size: number;
}

export interface UploadContext {
  choice: UploadChoice;
  file: ChosenFile | null;
  /** The share of the file sent, 0 to 1. */
  sent: number;
  preview: UploadPreview | null;
  applied: Applied | null;
  error: RequestFailure | null;
}

export type UploadEvent =
  | { type: 'CHOOSE'; choice: Partial<UploadChoice> }
  | { type: 'FILE_CHOSEN'; file: ChosenFile }
  | { type: 'PROGRESS'; sent: number }
  | { type: 'PREVIEWED'; preview: UploadPreview }
  | { type: 'FAILED'; error: RequestFailure }
  | { type: 'CANCEL' }
  | { type: 'APPLY' }
  /** The file, refused as not UTF-8 but readable as Windows-1256, sent again to be converted. */
  | { type: 'CONVERT' }
  | { type: 'DISCARD' };

/** What sending needs: the file and the choice; it reports back PROGRESS, then PREVIEWED or FAILED. */
export interface SendInput {
  file: ChosenFile;
  choice: UploadChoice;
}

export const sendPlaceholder = fromCallback<UploadEvent, SendInput>(({ sendBack }) => {
  sendBack({ type: 'FAILED', error: { kind: 'unexpected', status: null, code: 'upload: send was not provided' } });
});

export const uploadMachine = setup({
  types: { context: {} as UploadContext, events: {} as UploadEvent },
  actors: {
    send: sendPlaceholder,
    apply: toBeProvided<Applied, string>('upload: apply'),
    discard: toBeProvided<void, string>('upload: discard'),
  },
  actions: {
    // The data changed: the console reads its report queue again.
    tellApplied: sendParent({ type: 'APPLIED' }),
    choose: assign({
      choice: ({ context, event }) => {
        assertEvent(event, 'CHOOSE');
        return { ...context.choice, ...event.choice };
      },
    }),
    takeFile: assign(({ context, event }) => {
      assertEvent(event, 'FILE_CHOSEN');
      // A new file is read as UTF-8 until it is found not to be; what the last file came to is put away.
      const choice = { ...context.choice, encoding: 'utf-8' as const };
      return { file: event.file, choice, sent: 0, preview: null, applied: null, error: null };
    }),
  },
  guards: {
    applicable: ({ context }) => context.preview !== null && context.preview.Blocked === null,
    convertible: ({ context }) => context.preview?.Convertible === true,
  },
}).createMachine({
  id: 'upload',
  context: {
    choice: { prune: false, skipInvalid: false, encoding: 'utf-8' },
    file: null,
    sent: 0,
    preview: null,
    applied: null,
    error: null,
  },
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        CHOOSE: { actions: 'choose' },
        FILE_CHOSEN: { target: 'sending', actions: 'takeFile' },
      },
    },
    sending: {
      invoke: {
        src: 'send',
        input: ({ context }) => ({ file: context.file!, choice: context.choice }),
      },
      on: {
        PROGRESS: {
          actions: assign({
            sent: ({ event }) => {
              assertEvent(event, 'PROGRESS');
              return event.sent;
            },
          }),
        },
        PREVIEWED: {
          target: 'previewed',
          actions: assign({
            preview: ({ event }) => {
              assertEvent(event, 'PREVIEWED');
              return event.preview;
            },
          }),
        },
        FAILED: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => {
              assertEvent(event, 'FAILED');
              return event.error;
            },
          }),
        },
        CANCEL: 'choosing',
      },
    },
    previewed: {
      on: {
        APPLY: { guard: 'applicable', target: 'applying' },
        DISCARD: 'discarding',
        CONVERT: {
          guard: 'convertible',
          target: 'sending',
          actions: assign(({ context }) => ({
            choice: { ...context.choice, encoding: 'windows-1256' as const },
            sent: 0,
            preview: null,
          })),
        },
      },
    },
    applying: {
      invoke: {
        src: 'apply',
        input: ({ context }) => context.preview!.Id,
        onDone: { target: 'applied', actions: assign({ applied: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOfEvent(event) }) },
      },
    },
    discarding: {
      invoke: {
        src: 'discard',
        input: ({ context }) => context.preview!.Id,
        onDone: { target: 'choosing', actions: assign({ preview: null, file: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOfEvent(event) }) },
      },
    },
    // The next file may be chosen at once, its options changed first or not: what this one came to stays shown
    // until then.
    applied: {
      entry: 'tellApplied',
      on: {
        CHOOSE: { actions: 'choose' },
        FILE_CHOSEN: { target: 'sending', actions: 'takeFile' },
      },
    },
    failed: {
      entry: enqueueActions(({ context, enqueue }) => {
        if (sessionGone(context.error)) enqueue.sendParent({ type: 'SESSION_ENDED' });
      }),
      // Why it failed stays shown while the staff choose a file again (the same one corrected, or another): a
      // file refused outright, or a preview the data has moved past, needs no step back to choosing first.
      on: {
        CHOOSE: { actions: 'choose' },
        FILE_CHOSEN: { target: 'sending', actions: 'takeFile' },
      },
    },
  },
});

export type UploadActor = ActorRefFrom<typeof uploadMachine>;
