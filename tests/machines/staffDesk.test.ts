/**
 * The staff console's machines and the visitor's report: each state reached (xstate/graph), and the behaviour
 * that matters (nothing applied without a preview that allows it, a refusal keeping what was written, a lost
 * session sending the console back to sign-in).
 */
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  setup,
  waitFor,
  type ActorRefFrom,
  type AnyStateMachine,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { requestFailure } from '../../domain/requestFailure';
import type { Applied, Decision, FiledReport, StaffReport, StaffWho, UploadPreview } from '../../domain/wire/desk';
import { problemReportMachine } from '../../machines/problemReport';
import { reportQueueMachine, type QueueFilter } from '../../machines/reportQueue';
import { staffConsoleMachine } from '../../machines/staffConsole';
import { sessionGone } from '../../machines/failure';
import { uploadMachine, type SendInput, type UploadEvent } from '../../machines/upload';
import { activeLeafIds, leafStateIds } from './graphCoverage';

const PREVIEW: UploadPreview = {
  Id: 'AAAAAAAAAAAAAAAAAAAAAA',
  FileName: 'centres.csv',
  BaseVersion: 3,
  Records: 2,
  Rejected: 0,
  Problems: [],
  Blocked: null,
  BlockedBy: null,
  Findings: [],
  Gaps: [],
  Summary: { Inserted: 1, Updated: 0, Unchanged: 1, Deleted: 0 },
  Changes: [],
  Points: [],
  Encoding: 'utf-8',
  Convertible: false,
};
const APPLIED: Applied = { Version: 4, Locations: 10, Inserted: 1, Updated: 0, Deleted: 0 };
const FILE = { name: 'centres.csv', size: 120 };
const WHO: StaffWho = { Name: 'maryam', SignedInAt: '2026-11-26T10:00:00Z', IdleMinutes: 30 };

/** A console part run as the console runs it: invoked by a parent that records what the part tells it. */
function underParent<T extends AnyStateMachine>(child: T) {
  const told: string[] = [];
  const parent = createActor(
    setup({ actors: { child: child as AnyStateMachine } }).createMachine({
      invoke: { id: 'child', src: 'child' },
      on: { '*': { actions: ({ event }) => told.push(event.type) } },
    }),
  ).start();
  return { told, child: parent.getSnapshot().children['child'] as ActorRefFrom<T> };
}

const reached = (machine: Parameters<typeof getShortestPaths>[0], events: unknown[], input?: unknown) => {
  const paths = getShortestPaths(machine, { events: events as never[], ...(input ? { input } : {}) } as never);
  return [...new Set(paths.flatMap((p) => activeLeafIds(p.state as never)))].sort();
};

describe('upload machine', () => {
  const previewing = (preview: UploadPreview) =>
    uploadMachine.provide({
      actors: {
        send: fromCallback<UploadEvent, SendInput>(({ sendBack }) => {
          sendBack({ type: 'PROGRESS', sent: 0.5 });
          sendBack({ type: 'PREVIEWED', preview });
        }),
        apply: fromPromise(async () => APPLIED),
      },
    });

  it('applies only a preview that allows it, and tells the console it applied', async () => {
    const blocked = createActor(previewing({ ...PREVIEW, Blocked: '2 invalid record(s)' })).start();
    blocked.send({ type: 'FILE_CHOSEN', file: FILE });
    expect(blocked.getSnapshot().matches('previewed')).toBe(true);
    expect(blocked.getSnapshot().can({ type: 'APPLY' })).toBe(false);
    expect(blocked.getSnapshot().can({ type: 'DISCARD' })).toBe(true);

    const { child: fine, told } = underParent(previewing(PREVIEW));
    fine.send({ type: 'CHOOSE', choice: { skipInvalid: true } });
    fine.send({ type: 'FILE_CHOSEN', file: FILE });
    expect(fine.getSnapshot().context.sent).toBe(0.5);
    expect(fine.getSnapshot().can({ type: 'APPLY' })).toBe(true);
    fine.send({ type: 'APPLY' });
    await waitFor(fine, (s) => s.matches('applied'));
    expect(fine.getSnapshot().context.applied).toEqual(APPLIED);
    expect(told).toEqual(['APPLIED']);
    expect(fine.getSnapshot().context.choice).toEqual({ prune: false, skipInvalid: true, encoding: 'utf-8' });
  });

  it('sends a file refused as Windows-1256 again, converted, only when the staff ask; a new file is UTF-8 again', () => {
    const sent: SendInput[] = [];
    let answer: UploadPreview = { ...PREVIEW, Blocked: 'the file cannot be read', Convertible: true };
    const machine = uploadMachine.provide({
      actors: {
        send: fromCallback<UploadEvent, SendInput>(({ sendBack, input }) => {
          sent.push(input);
          sendBack({ type: 'PREVIEWED', preview: answer });
        }),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'FILE_CHOSEN', file: FILE });
    expect(sent.map((s) => s.choice.encoding)).toEqual(['utf-8']);
    expect(actor.getSnapshot().can({ type: 'CONVERT' })).toBe(true);
    answer = { ...PREVIEW, Encoding: 'windows-1256' };
    actor.send({ type: 'CONVERT' });
    expect(sent.map((s) => [s.file, s.choice.encoding])).toEqual([
      [FILE, 'utf-8'],
      [FILE, 'windows-1256'],
    ]);
    expect(actor.getSnapshot().matches('previewed')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'CONVERT' })).toBe(false);
    actor.send({ type: 'DISCARD' });
  });

  it('keeps the choice fixed while a file is on its way', () => {
    const actor = createActor(uploadMachine.provide({ actors: { send: fromCallback(() => undefined) } })).start();
    actor.send({ type: 'FILE_CHOSEN', file: FILE });
    expect(actor.getSnapshot().can({ type: 'CHOOSE', choice: { prune: true } })).toBe(false);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
  });

  it('takes the next file at once after a refusal or an apply, its options changed first', async () => {
    const sent: SendInput[] = [];
    let refuse = true;
    const machine = uploadMachine.provide({
      actions: { tellApplied: () => undefined },
      actors: {
        send: fromCallback<UploadEvent, SendInput>(({ sendBack, input }) => {
          sent.push(input);
          if (refuse) sendBack({ type: 'FAILED', error: requestFailure('http', 415, 'spreadsheet_file') });
          else sendBack({ type: 'PREVIEWED', preview: PREVIEW });
        }),
        apply: fromPromise(async () => APPLIED),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'FILE_CHOSEN', file: { name: 'centres.xlsx', size: 900 } });
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    // The reason stays shown until the next file is chosen, and the options may change meanwhile.
    expect(actor.getSnapshot().context.error?.code).toBe('spreadsheet_file');
    actor.send({ type: 'CHOOSE', choice: { skipInvalid: true } });
    refuse = false;
    actor.send({ type: 'FILE_CHOSEN', file: FILE });
    expect(actor.getSnapshot().matches('previewed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'APPLY' });
    await waitFor(actor, (s) => s.matches('applied'));
    expect(actor.getSnapshot().context.applied).toEqual(APPLIED);
    actor.send({ type: 'CHOOSE', choice: { prune: true } });
    actor.send({ type: 'FILE_CHOSEN', file: FILE });
    expect(actor.getSnapshot().context.applied).toBeNull();
    expect(sent.map((s) => [s.file.name, s.choice.skipInvalid, s.choice.prune])).toEqual([
      ['centres.xlsx', false, false],
      ['centres.csv', true, false],
      ['centres.csv', true, true],
    ]);
  });

  it('reaches every state', () => {
    const events = [
      { type: 'FILE_CHOSEN', file: FILE },
      { type: 'PREVIEWED', preview: PREVIEW },
      { type: 'FAILED', error: requestFailure('network') },
      { type: 'APPLY' },
      { type: 'DISCARD' },
      { type: 'xstate.done.actor.0.upload.applying', output: APPLIED },
    ];
    // The graph walks the machine alone, without the console it tells of an applied file.
    const alone = uploadMachine.provide({ actions: { tellApplied: () => undefined } });
    expect(reached(alone, events)).toEqual(leafStateIds(uploadMachine));
  });
});

describe('problem report machine', () => {
  it('sends only words worth reading, keeps them through a refusal, and gives the status link', async () => {
    let calls = 0;
    const filed: FiledReport = { Id: 'B'.repeat(22), Status: 'open', Link: `/reports/${'B'.repeat(22)}` };
    const machine = problemReportMachine.provide({
      actors: {
        send: fromPromise(async () => {
          if (++calls === 1) throw requestFailure('http', 429, 'rate_limited');
          return filed;
        }),
      },
    });
    const actor = createActor(machine, { input: { guid: 'G' } }).start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SET_TEXT', text: '  ' });
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    actor.send({ type: 'SET_KIND', kind: 'wrong_phone' });
    actor.send({ type: 'SET_TEXT', text: 'شماره قطع است' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.text).toBe('شماره قطع است');
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('sent'));
    expect(actor.getSnapshot().context.filed).toEqual(filed);
  });

  it('reaches every state', () => {
    const events = [
      { type: 'OPEN' },
      { type: 'SET_TEXT', text: 'closed for good' },
      { type: 'SUBMIT' },
      { type: 'CLOSE' },
      { type: 'xstate.done.actor.0.problemReport.sending', output: {} },
    ];
    expect(reached(problemReportMachine, events, { guid: 'G' })).toEqual(leafStateIds(problemReportMachine));
  });
});

describe('report queue machine', () => {
  it('reads again under a new filter and after a decision', async () => {
    const asked: unknown[] = [];
    const report = { Id: 'C'.repeat(22), Status: 'open' } as StaffReport;
    const machine = reportQueueMachine.provide({
      actors: {
        load: fromPromise(async ({ input }) => {
          asked.push(input);
          return [report];
        }),
        decide: fromPromise<StaffReport, { id: string; decision: Decision }>(async () => ({
          ...report,
          Status: 'resolved',
        })),
      },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'FILTER', filter: { kind: 'closed' } });
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'DECIDE', id: report.Id, decision: { Status: 'resolved', Note: '', Seen: null } });
    await waitFor(actor, (s) => s.matches('shown') && asked.length === 3);
    expect(asked[1]).toMatchObject({ kind: 'closed', status: 'open' });
    expect(asked[2]).toMatchObject({ kind: 'closed' });
  });
});

describe('staff console machine', () => {
  it('signs in, runs its parts, and goes back to sign-in when the session is gone', async () => {
    const machine = staffConsoleMachine.provide({
      actors: {
        who: fromPromise<StaffWho, unknown>(async () => {
          throw requestFailure('http', 401, 'unauthenticated');
        }),
        signIn: fromPromise(async () => WHO),
        signOut: fromPromise<void, unknown>(async () => undefined),
        reports: reportQueueMachine.provide({
          actors: { load: fromPromise<StaffReport[], QueueFilter>(async () => []) },
        }),
      },
    });
    let sessionEnds = false;
    const machineEnding = machine.provide({
      actors: {
        // The queue's read is refused for want of a session once the test says the session has ended.
        reports: reportQueueMachine.provide({
          actors: {
            load: fromPromise<StaffReport[], QueueFilter>(async () => {
              if (sessionEnds) throw requestFailure('http', 401, 'unauthenticated');
              return [];
            }),
          },
        }),
      },
    });
    const actor = createActor(machineEnding).start();
    await waitFor(actor, (s) => s.matches('signedOut'));
    // No session is not an error to show: just the sign-in form.
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'SIGN_IN', name: 'maryam', password: 'x' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(Object.keys(actor.getSnapshot().children).sort()).toEqual(['reports', 'upload']);
    actor.send({ type: 'TAB', tab: 'reports' });
    expect(actor.getSnapshot().context.tab).toBe('reports');
    // The queue, read again, is refused: it tells the console itself, and the console goes back to sign-in.
    sessionEnds = true;
    const queue = actor.getSnapshot().children['reports'] as ActorRefFrom<typeof reportQueueMachine>;
    queue.send({ type: 'RETRY' });
    queue.send({ type: 'FILTER', filter: { kind: 'closed' } });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.expired).toBe(true);
    expect(sessionGone(requestFailure('http', 401))).toBe(true);
    expect(sessionGone(requestFailure('http', 403))).toBe(false);
  });

  it('reaches every state', () => {
    const events = [
      { type: 'SIGN_IN', name: 'a', password: 'b' },
      { type: 'SIGN_OUT' },
      { type: 'xstate.done.actor.0.staffConsole.checking', output: WHO },
      { type: 'xstate.error.actor.0.staffConsole.checking', error: requestFailure('http', 401) },
    ];
    expect(reached(staffConsoleMachine, events)).toEqual(leafStateIds(staffConsoleMachine));
  });
});
