type TypedArray = Float64Array | Uint32Array | Uint16Array | Uint8Array;

/**
 * `array` if it holds `length` items, else a copy at least twice its size: appending n items one page at a
 * time copies O(n) in all, in steps far smaller than copying the whole at the end.
 */
export function withRoom<A extends TypedArray>(array: A, length: number): A {
  if (length <= array.length) return array;
  let size = Math.max(1, array.length);
  while (size < length) size *= 2;
  const bigger = new (array.constructor as new (size: number) => A)(size);
  bigger.set(array);
  return bigger;
}
