/**
 * The statistics tab's cards, in the order the tab shows them: a new card joins with one entry. Each is given the
 * tab's view (statsView.ts) and takes what it needs; `half` cards side by side share a row on a wide screen.
 */
import type { ComponentType } from 'react';
import { AreaCard } from './AreaCard';
import { CompareCard } from './CompareCard';
import { CoverageCard } from './CoverageCard';
import { EquityCard } from './EquityCard';
import { SuggestCard } from './SuggestCard';
import { WhatIfCard } from './WhatIfCard';
import { ColumnCard, MapCard, PieCard } from './provinceCards';
import type { LaidOut } from './cardLayout';
import type { StatsView } from './statsView';

export interface StatsCardEntry extends LaidOut {
  id: string;
  Card: ComponentType<{ view: StatsView }>;
}

export const STATS_CARDS: readonly StatsCardEntry[] = [
  { id: 'column', width: 'full', Card: ColumnCard },
  { id: 'map', width: 'half', Card: MapCard },
  { id: 'pie', width: 'half', Card: PieCard },
  {
    id: 'coverage',
    width: 'full',
    Card: ({ view }) => <CoverageCard type={view.type} filters={view.filters} caption={view.plainCaption} />,
  },
  {
    id: 'equity',
    width: 'full',
    Card: ({ view }) => (
      <EquityCard
        type={view.type}
        filters={view.filters}
        caption={view.plainCaption}
        onProvince={(enName) => view.statistics.send({ type: 'REGION_CLICKED', enName })}
      />
    ),
  },
  {
    id: 'suggest',
    width: 'full',
    Card: ({ view }) => <SuggestCard type={view.type} filters={view.filters} caption={view.plainCaption} />,
  },
  {
    id: 'whatIf',
    width: 'full',
    Card: ({ view }) => <WhatIfCard type={view.type} filters={view.filters} caption={view.plainCaption} />,
  },
  { id: 'compare', width: 'full', Card: ({ view }) => <CompareCard filters={view.filters} /> },
  { id: 'area', width: 'full', Card: ({ view }) => <AreaCard type={view.type} filters={view.filters} /> },
];
