/**
 * `?inspect=local`: the inspector that works with no network. Loaded only then (a dynamic import from main.tsx):
 * it gives XState an `inspect` that records into its log, and mounts its panel in a root of its own beside the
 * app's, so nothing of the app's tree or layout changes.
 */
import { createRoot } from 'react-dom/client';
import { createInspectionLog } from './inspectionLog';
import { LocalInspector } from './LocalInspector';
import './localInspector.css';

export function startLocalInspector() {
  const log = createInspectionLog({ schedule: (notify) => requestAnimationFrame(notify) });
  const host = document.createElement('div');
  host.id = 'local-inspector';
  document.body.append(host);
  createRoot(host).render(<LocalInspector log={log} />);
  return log.inspect;
}
