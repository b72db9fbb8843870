/**
 * The parts of what was understood that a visitor may remove (a chip each), as the address (?drop=) and the
 * API's `drop` name them; the intent is changed, not removed. Apart from the wire's schemas, so the client takes
 * the list without TypeBox.
 */
export const ASK_DROPPABLE = ['Route', 'Trade', 'Audience', 'Place', 'NearMe', 'WithinKm'] as const;
export type AskDroppable = (typeof ASK_DROPPABLE)[number];
