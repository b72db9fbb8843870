/**
 * The inspector that needs no network (`?inspect=local`): a panel over the app with every live actor and its state
 * value and context, the selected machine's states and transitions drawn from its definition with the active ones
 * marked, and the event log with a filter. It lives in a chunk of its own that only `?inspect=local` loads.
 */
import { useMemo, useState, useSyncExternalStore } from 'react';
import { t } from '../../i18n/words';
import type { ActorEntry, InspectionLog, LoggedEvent } from './inspectionLog';
import { activePaths, machineOutline, type StateOutline } from './machineOutline';
import { preview } from './preview';

/** At most this many events are drawn (the newest); the log keeps more. */
const EVENTS_SHOWN = 200;

function StateTree({ node, active }: { node: StateOutline; active: ReadonlySet<string> }) {
  const w = t.inspector;
  const isActive = node.path === '' || active.has(node.path);
  return (
    <li className={isActive ? 'inspector-state active' : 'inspector-state'} data-state={node.path}>
      <span className="inspector-state-name">
        {node.key}
        <small>
          {' '}
          {node.kind}
          {node.initial ? ` · ${w.initial}: ${node.initial}` : ''}
          {node.invokes.length > 0 ? ` · ${w.invokes}: ${node.invokes.join(', ')}` : ''}
        </small>
      </span>
      {node.transitions.length > 0 && (
        <ul className="inspector-transitions">
          {node.transitions.map((transition, i) => (
            <li key={`${transition.event}-${i}`}>
              <code>{transition.event}</code> → {transition.targets.join(', ') || w.none}
              {transition.guard ? ` (${w.guard}: ${transition.guard})` : ''}
            </li>
          ))}
        </ul>
      )}
      {node.children.length > 0 && (
        <ul>
          {node.children.map((child) => (
            <StateTree key={child.path} node={child} active={active} />
          ))}
        </ul>
      )}
    </li>
  );
}

function ActorDetail({ actor }: { actor: ActorEntry }) {
  const w = t.inspector;
  const outline = useMemo(() => (actor.machine ? machineOutline(actor.machine) : null), [actor.machine]);
  const active = useMemo(() => new Set(activePaths(actor.value)), [actor.value]);
  return (
    // Focusable, so its scrolling answers the keyboard (it holds nothing else to focus).
    <section className="inspector-detail" aria-labelledby="inspector-detail-title" tabIndex={0}>
      <h3 id="inspector-detail-title">{actor.id}</h3>
      <h4>{w.stateValue}</h4>
      <pre data-testid="inspector-value">{preview(actor.value)}</pre>
      <h4>{w.context}</h4>
      <pre>{preview(actor.context)}</pre>
      <h4>{w.outline}</h4>
      {outline ? (
        <ul className="inspector-outline" data-testid="inspector-outline">
          <StateTree node={outline} active={active} />
        </ul>
      ) : (
        <p>{w.noMachine}</p>
      )}
    </section>
  );
}

function matches(event: LoggedEvent, filter: string, only: string | null): boolean {
  if (only !== null && event.target !== only) return false;
  if (filter === '') return true;
  const needle = filter.toLowerCase();
  return event.type.toLowerCase().includes(needle) || event.target.toLowerCase().includes(needle);
}

export function LocalInspector({ log }: { log: InspectionLog }) {
  const w = t.inspector;
  const state = useSyncExternalStore(log.subscribe, log.getState);
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [onlySelected, setOnlySelected] = useState(false);
  const live = state.actors.filter((actor) => actor.status === 'active');
  const chosen = live.find((actor) => actor.sessionId === selected) ?? live[0] ?? null;
  const shown = state.events
    .filter((event) => matches(event, filter, onlySelected && chosen ? chosen.id : null))
    .slice(-EVENTS_SHOWN)
    .reverse();

  return (
    <aside className="local-inspector" aria-label={w.label} dir="ltr">
      <button type="button" className="inspector-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? w.close : w.open(live.length)}
      </button>
      {open && (
        <div className="inspector-panel">
          <section className="inspector-actors" aria-labelledby="inspector-actors-title">
            <h3 id="inspector-actors-title">{w.actors}</h3>
            <ul>
              {live.map((actor) => (
                <li key={actor.sessionId}>
                  <button
                    type="button"
                    aria-pressed={actor === chosen}
                    data-actor={actor.id}
                    onClick={() => setSelected(actor.sessionId)}
                  >
                    <span>{actor.id}</span>
                    {actor.machine && actor.machine.id !== actor.id ? <small> ({actor.machine.id})</small> : null}{' '}
                    <code>{JSON.stringify(actor.value) ?? ''}</code>
                  </button>
                </li>
              ))}
            </ul>
          </section>
          {chosen && <ActorDetail actor={chosen} />}
          <section className="inspector-events" aria-labelledby="inspector-events-title">
            <h3 id="inspector-events-title">{w.events}</h3>
            <div className="inspector-event-tools">
              <input
                type="search"
                aria-label={w.filter}
                placeholder={w.filter}
                value={filter}
                onChange={(e) => setFilter(e.currentTarget.value)}
              />
              <label>
                <input
                  type="checkbox"
                  checked={onlySelected}
                  onChange={(e) => setOnlySelected(e.currentTarget.checked)}
                />{' '}
                {w.onlySelected}
              </label>
              <button type="button" onClick={() => log.clearEvents()}>
                {w.clear}
              </button>
            </div>
            <ol className="inspector-event-list" data-testid="inspector-events">
              {shown.map((event) => (
                <li key={event.seq}>
                  <time>{new Date(event.time).toISOString().slice(11, 23)}</time> <code>{event.type}</code> {w.to}{' '}
                  {event.target}
                  {event.source ? ` ${w.from} ${event.source}` : ''}
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </aside>
  );
}
