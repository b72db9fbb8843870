/**
 * What the local inspector knows, gathered from XState's inspection events: every actor the app has started (its
 * id, its machine if it is one, its latest state value and context, whether it still runs) and the latest events
 * sent to them, oldest dropped past a limit. Listeners hear of changes at most once a frame, since a map being
 * dragged sends many events a second.
 */
import type { ActorRefLike, AnyStateMachine, InspectionEvent } from 'xstate';

export interface ActorEntry {
  sessionId: string;
  /** The actor's id (its invoke or spawn id, or the machine's id for a root actor). */
  id: string;
  /** The machine it runs, when it runs one (a promise or callback actor has no states to draw). */
  machine: AnyStateMachine | null;
  status: 'active' | 'done' | 'error' | 'stopped';
  value: unknown;
  context: unknown;
  /** How many events it has received. */
  received: number;
}

export interface LoggedEvent {
  /** A number that grows with each event, for lists keyed stably. */
  seq: number;
  time: number;
  type: string;
  event: unknown;
  /** Which actor received it, and which sent it (null from outside, such as a view). */
  target: string;
  source: string | null;
}

export interface InspectionState {
  actors: readonly ActorEntry[];
  events: readonly LoggedEvent[];
}

function isMachine(logic: unknown): logic is AnyStateMachine {
  return typeof logic === 'object' && logic !== null && 'root' in logic && 'definition' in logic;
}

/** What an inspected actor is at run time beyond the little its type promises (an Actor, with its id and logic). */
interface RunningActor extends ActorRefLike {
  id?: string;
  logic?: unknown;
}

/** Its invoke or spawn id; a root actor has only its session id (x:0), so it is named by its machine. */
function actorName(ref: RunningActor): string {
  if (ref.id && ref.id !== ref.sessionId) return ref.id;
  return isMachine(ref.logic) ? ref.logic.id : ref.sessionId;
}

export function createInspectionLog(
  options: { limit?: number; schedule?: (notify: () => void) => void; now?: () => number } = {},
) {
  const limit = options.limit ?? 500;
  const schedule = options.schedule ?? ((notify: () => void) => queueMicrotask(notify));
  const now = options.now ?? (() => Date.now());
  const actors = new Map<string, ActorEntry>();
  let events: LoggedEvent[] = [];
  let seq = 0;
  let state: InspectionState = { actors: [], events: [] };
  const listeners = new Set<() => void>();
  let pending = false;

  const changed = () => {
    if (pending) return;
    pending = true;
    schedule(() => {
      pending = false;
      state = { actors: [...actors.values()], events };
      for (const listener of listeners) listener();
    });
  };

  const entryOf = (ref: RunningActor): ActorEntry => {
    let entry = actors.get(ref.sessionId);
    if (!entry) {
      entry = {
        sessionId: ref.sessionId,
        id: actorName(ref),
        machine: isMachine(ref.logic) ? ref.logic : null,
        status: 'active',
        value: undefined,
        context: undefined,
        received: 0,
      };
      actors.set(ref.sessionId, entry);
    }
    return entry;
  };

  return {
    /** Give this to XState as `inspect`. */
    inspect(inspection: InspectionEvent): void {
      if (inspection.type === '@xstate.actor') {
        entryOf(inspection.actorRef);
      } else if (inspection.type === '@xstate.event') {
        const entry = entryOf(inspection.actorRef);
        entry.received += 1;
        events = [
          ...events.slice(Math.max(0, events.length - limit + 1)),
          {
            seq: ++seq,
            time: now(),
            type: inspection.event.type,
            event: inspection.event,
            target: entry.id,
            source: inspection.sourceRef ? actorName(inspection.sourceRef) : null,
          },
        ];
      } else if (inspection.type === '@xstate.snapshot') {
        const entry = entryOf(inspection.actorRef);
        const snapshot = inspection.snapshot as { status?: ActorEntry['status']; value?: unknown; context?: unknown };
        entry.status = snapshot.status ?? entry.status;
        entry.value = snapshot.value;
        entry.context = snapshot.context;
      } else return;
      changed();
    },
    getState(): InspectionState {
      return state;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clearEvents(): void {
      events = [];
      changed();
    },
  };
}

export type InspectionLog = ReturnType<typeof createInspectionLog>;
