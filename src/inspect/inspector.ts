/**
 * The XState inspectors: opening the app with `?inspect=local` connects every machine to the inspector in the
 * page itself (src/inspect/local/, no network needed); `?inspect` (or a build with VITE_INSPECT=true) to Stately's
 * hosted one. Otherwise nothing of either is loaded (dynamic imports), so visitors never download them.
 */
import { createContext, useContext } from 'react';
import type { InspectionEvent, Observer } from 'xstate';

export type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export const InspectContext = createContext<Inspect | undefined>(undefined);

export function useInspect(): Inspect | undefined {
  return useContext(InspectContext);
}

export type InspectorKind = 'local' | 'stately';

export function inspectorRequested(search: string): InspectorKind | null {
  const asked = new URLSearchParams(search).get('inspect');
  if (asked === 'local') return 'local';
  return asked !== null || import.meta.env.VITE_INSPECT === 'true' ? 'stately' : null;
}

export async function loadInspector(kind: InspectorKind): Promise<Inspect> {
  if (kind === 'local') {
    const { startLocalInspector } = await import('./local/startLocalInspector');
    return startLocalInspector();
  }
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}
