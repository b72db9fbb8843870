/** Nivo has no RTL mode: charts keep an LTR box for their axes, with text in Vazirmatn; tooltips read in the page's direction. */
import { PAGE_DIRECTION } from '../i18n/language';

export const CHART_FONT = 'Vazirmatn, Tahoma, sans-serif';
/** The axes' tick labels, in px. */
export const TICK_FONT_SIZE = 11;

export const CHART_THEME = {
  text: { fontFamily: CHART_FONT, fontSize: 12, fill: '#343a40' },
  axis: { ticks: { text: { fontFamily: CHART_FONT, fontSize: TICK_FONT_SIZE } } },
  tooltip: { container: { fontFamily: CHART_FONT, direction: PAGE_DIRECTION, fontSize: 13 } },
};

/** The pie's five-colour palette. */
export const PIE_PALETTE = ['#0b6e4f', '#f2a541', '#3c5fb5', '#c0392b', '#8e44ad'];

export const BRAND = '#0b6e4f';
export const HIGHLIGHT = '#e8590c';
