/** Inside an area: what other features may use of it. */
export { AreaAnswer } from './AreaAnswer';
export { liveAreaDrawingMachine, liveAreaMachine } from './liveMachines';
