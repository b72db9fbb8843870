/** A windowed list: only the rows in view (plus a margin) are in the DOM, so thousands scroll smoothly. */
import { useEffect, useRef, useState, type ReactNode } from 'react';

const OVERSCAN = 8;

interface VirtualListProps<T> {
  items: readonly T[];
  rowHeight: number;
  label: string;
  renderItem?(item: T): ReactNode;
}

export function VirtualList<T>({ items, rowHeight, label, renderItem = (item) => String(item) }: VirtualListProps<T>) {
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(400);

  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // A new filter result starts at its top.
  useEffect(() => {
    viewport.current?.scrollTo({ top: 0 });
    setScrollTop(0);
  }, [items]);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + OVERSCAN);
  return (
    <div ref={viewport} className="virtual-list" onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)} tabIndex={0} aria-label={label}>
      <ul role="list" style={{ height: items.length * rowHeight }} className="virtual-list-inner">
        {items.slice(first, last).map((item, i) => (
          <li key={first + i} style={{ top: (first + i) * rowHeight, height: rowHeight }} aria-setsize={items.length} aria-posinset={first + i + 1}>
            {renderItem(item)}
          </li>
        ))}
      </ul>
    </div>
  );
}
