/**
 * A value as readable JSON for the inspector, whatever it holds: actors inside a context are named rather than
 * walked (they refer back to their parents), long arrays and typed arrays (a type's points) are counted rather
 * than listed, deep objects are cut off, and the whole is kept short enough to read.
 */
const MAX_ITEMS = 12;
const MAX_DEPTH = 5;
const MAX_LENGTH = 6_000;

function tame(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'function') return `ƒ ${value.name || 'function'}`;
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[seen above]';
  if ('sessionId' in value && 'send' in value) return `[actor ${String((value as { id?: string }).id ?? '')}]`;
  if (ArrayBuffer.isView(value)) return `[${value.constructor.name}, ${value.byteLength} bytes]`;
  if (value instanceof Map) return `[Map of ${value.size}]`;
  if (value instanceof Set) return `[Set of ${value.size}]`;
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? `[${value.length} items]` : '{…}';
  seen.add(value);
  if (Array.isArray(value)) {
    const shown = value.slice(0, MAX_ITEMS).map((item) => tame(item, depth + 1, seen));
    return value.length > MAX_ITEMS ? [...shown, `… ${value.length - MAX_ITEMS} more`] : shown;
  }
  const entries = Object.entries(value);
  const shown = entries.slice(0, MAX_ITEMS * 2).map(([key, item]) => [key, tame(item, depth + 1, seen)]);
  if (entries.length > MAX_ITEMS * 2) shown.push(['…', `${entries.length - MAX_ITEMS * 2} more keys`]);
  return Object.fromEntries(shown);
}

export function preview(value: unknown): string {
  const text = JSON.stringify(tame(value, 0, new WeakSet()), null, 2) ?? String(value);
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH)}\n…` : text;
}
