/**
 * Trades: what a location teaches, as its dynamic fields list it (a field labelled as a training field, e.g.
 * «رشته آموزشی: خیاطی»). "Where can I learn X near my town" is the main question of a vocational-training finder:
 * the trades are searched on the shared folding rule, then the locations teaching one are listed nearest first.
 */
import { foldText } from './text';

/** Labels of the dynamic fields that name what is taught (compared folded). */
export const TRADE_LABELS = ['رشته آموزشی', 'رشته‌های آموزشی', 'رشته', 'دوره آموزشی', 'دوره‌های آموزشی'] as const;

const FOLDED_LABELS = new Set(TRADE_LABELS.map((label) => foldText(label)));

/** Whether a dynamic field's label names a trade. */
export const isTradeLabel = (label: string): boolean => FOLDED_LABELS.has(foldText(label));

/** A field may list several trades: split on Persian and Latin commas, semicolons and line breaks. */
export function tradesIn(value: string): string[] {
  return value
    .split(/[،,;؛\n]/)
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

/** GET /api/trades/{typeId}?q=TEXT: its answer's shape, written once as a schema. */
export type { NearestOfType, TradeAcrossTypes, TradeCount } from './wire/answers';
import type { TradeAcrossTypes, TradeCount } from './wire/answers';

/** A trade offered in the search: with the types teaching it when it was looked for across them. */
export type TradeOffer = TradeCount & Partial<Pick<TradeAcrossTypes, 'Types'>>;

/** Trade names offered for a text; nearest-teaching locations listed for one trade. */
export const TRADE_LIMIT = { default: 8, max: 50 } as const;
/** Texts shorter than this (folded) find no trade; longer are refused. */
export const TRADE_QUERY_CHARS = { min: 2, max: 100 } as const;
