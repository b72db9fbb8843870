/** The map feature's public face: what other features may use of it. */
export { MapView } from './MapView';
export { MapScreenProvider, useFocusMap, useMapScreen } from './MapScreenProvider';
export type { MapFocus } from '../../machines/mapScreen';
export { liveCoverageMachine, liveEquityMachine, liveSuggestionMachine, liveWhatIfPlanMachine } from './liveMachines';
export { TownPicker } from './TownPicker';
export { planCaptionLine } from './PlanLayer';
