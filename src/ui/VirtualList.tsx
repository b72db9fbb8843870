/**
 * A windowed list (TanStack Virtual): only the rows in view, plus a margin, are in the DOM, so hundreds of
 * thousands of names scroll smoothly. Rows are measured, so a long name wraps onto more lines instead of
 * being cut before the part that tells it apart.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

/**
 * The height of a one-line row as the stylesheet draws it (app.css, `.virtual-list-inner li`). Rows are
 * guessed at this height: a row measured at its guess changes nothing, while each row measured otherwise
 * makes the list recompute every row's position (tens of milliseconds each at 300,000 rows).
 */
export const ROW_PX = 45;

interface VirtualListProps<T> {
  items: readonly T[];
  /** A first guess of a row's height (ROW_PX unless rows are laid out otherwise); each row is measured once drawn. */
  estimatedRowHeight?: number;
  label: string;
  renderItem?(item: T): ReactNode;
}

export function VirtualList<T>({
  items,
  estimatedRowHeight = ROW_PX,
  label,
  renderItem = (item) => String(item),
}: VirtualListProps<T>) {
  const viewport = useRef<HTMLDivElement>(null);
  // TanStack Virtual's instance changes inside (it is the library's way), so React's compiler would not memoize
  // this component; nothing here builds with the compiler, and the list renders from the instance each time.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => viewport.current,
    estimateSize: () => estimatedRowHeight,
    overscan: 8,
  });

  // A new filter result starts at its top.
  useEffect(() => {
    viewport.current?.scrollTo({ top: 0 });
  }, [items]);

  return (
    // Focusable, so keyboard users can scroll it; named, so screen readers say what it holds.
    <div ref={viewport} className="virtual-list" tabIndex={0} role="region" aria-label={label}>
      <ul role="list" style={{ height: virtualizer.getTotalSize() }} className="virtual-list-inner">
        {virtualizer.getVirtualItems().map((row) => (
          <li
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            style={{ transform: `translateY(${row.start}px)` }}
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
          >
            {renderItem(items[row.index]!)}
          </li>
        ))}
      </ul>
    </div>
  );
}
