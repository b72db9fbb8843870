/**
 * The XState inspector: opening the app with ?inspect (or building with VITE_INSPECT=true) connects
 * every machine to Stately's inspector. Otherwise nothing of it is loaded (a dynamic import).
 */
import { createContext, useContext } from 'react';
import type { InspectionEvent, Observer } from 'xstate';

export type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export const InspectContext = createContext<Inspect | undefined>(undefined);

export function useInspect(): Inspect | undefined {
  return useContext(InspectContext);
}

export function inspectorRequested(search: string): boolean {
  return new URLSearchParams(search).has('inspect') || import.meta.env.VITE_INSPECT === 'true';
}

export async function loadInspector(): Promise<Inspect> {
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}
