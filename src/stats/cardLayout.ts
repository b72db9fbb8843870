/** The statistics cards in rows: a full card alone, consecutive half cards two to a row (side by side when wide). */
export interface LaidOut {
  width: 'full' | 'half';
}

export function cardRows<C extends LaidOut>(cards: readonly C[]): C[][] {
  const rows: C[][] = [];
  for (const card of cards) {
    const last = rows.at(-1);
    if (card.width === 'half' && last?.[0]?.width === 'half' && last.length < 2) last.push(card);
    else rows.push([card]);
  }
  return rows;
}
