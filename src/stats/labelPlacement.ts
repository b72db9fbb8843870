/**
 * Where a chart's point names go so that none overlaps another name or another point, and none is cut at the
 * plot's edges: each point in turn (the most important first) takes the first of four places beside it that is
 * free (after, before, above, below its point); a point with no free place is not named on the chart (its name is
 * said on focus and hover). Pure: the names' widths come measured.
 */

export interface LabelPoint {
  /** The point's centre in the plot's units. */
  x: number;
  y: number;
  /** The name's width as drawn. */
  width: number;
}

export type Side = 'after' | 'before' | 'above' | 'below';

export interface PlacedLabel {
  side: Side;
  /** The name's box in the plot's units. */
  box: Box;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface PlacementOptions {
  /** The plot's size: a name must lie wholly inside it. */
  width: number;
  height: number;
  /** A name's height as drawn. */
  lineHeight: number;
  /** Room between a point's centre and its name. */
  gap: number;
  /** A point's radius: names keep off every point. */
  radius: number;
}

const SIDES: readonly Side[] = ['after', 'before', 'above', 'below'];

function boxAt(point: LabelPoint, side: Side, { lineHeight, gap }: PlacementOptions): Box {
  const half = lineHeight / 2;
  switch (side) {
    case 'after':
      return { left: point.x + gap, right: point.x + gap + point.width, top: point.y - half, bottom: point.y + half };
    case 'before':
      return { left: point.x - gap - point.width, right: point.x - gap, top: point.y - half, bottom: point.y + half };
    case 'above':
      return {
        left: point.x - point.width / 2,
        right: point.x + point.width / 2,
        top: point.y - gap - lineHeight,
        bottom: point.y - gap,
      };
    case 'below':
      return {
        left: point.x - point.width / 2,
        right: point.x + point.width / 2,
        top: point.y + gap,
        bottom: point.y + gap + lineHeight,
      };
  }
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Each point's name place, or null where none is free; `order` lists the points most important first. */
export function placeLabels(
  points: readonly LabelPoint[],
  order: readonly number[],
  options: PlacementOptions,
  /** Boxes already written on the plot (its own captions): names keep off them too. */
  avoid: readonly Box[] = [],
): (PlacedLabel | null)[] {
  const dots = points.map((p) => ({
    left: p.x - options.radius,
    right: p.x + options.radius,
    top: p.y - options.radius,
    bottom: p.y + options.radius,
  }));
  const taken: Box[] = [...avoid];
  const placed: (PlacedLabel | null)[] = points.map(() => null);
  for (const index of order) {
    const point = points[index]!;
    for (const side of SIDES) {
      const box = boxAt(point, side, options);
      const inside = box.left >= 0 && box.top >= 0 && box.right <= options.width && box.bottom <= options.height;
      if (!inside || taken.some((other) => overlaps(box, other)) || dots.some((dot) => overlaps(box, dot))) continue;
      taken.push(box);
      placed[index] = { side, box };
      break;
    }
  }
  return placed;
}
