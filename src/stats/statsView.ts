/** What the statistics tab gives each of its cards (statsCards.tsx): the page's question and the tab's figures. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { MachineView } from '../ui/useMachineView';
import type { Filters } from '../../domain/filters';
import type { LocationType } from '../../domain/locationTypes';
import type { ExportCaption } from './exportChart';
import type { liveStatisticsMachine } from './liveMachines';
import type { Measure } from './measure';

export interface StatsView {
  type: LocationType;
  filters: Filters;
  measure: Measure;
  /** What an exported chart says about itself, with the measure's line and source when it is per capita. */
  caption: ExportCaption;
  /** The same for a card whose figures do not follow the measure. */
  plainCaption: ExportCaption;
  statistics: ActorRefFrom<typeof liveStatisticsMachine>;
  /** The tab's machine as the tab reads it: its context and state. */
  snapshot: MachineView<SnapshotFrom<typeof liveStatisticsMachine>>;
  /** A province as the dropdown names it ("All" for the whole country). */
  provinceLabel: (value: string) => string;
  /** The end of an exported file's name: per capita and filtered figures say so, so they are not taken for counts. */
  fileSuffix: string;
}
