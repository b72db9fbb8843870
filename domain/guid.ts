/** The gateway's "empty" identifier: it never names a real record. */
export const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';

/** A GUID's characters, unanchored: for patterns that hold several. */
export const GUID_BODY = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

const GUID_PATTERN = new RegExp(`^${GUID_BODY}$`);

/** JSON-schema friendly form of the GUID pattern (the server validates route params with it). */
export const GUID_PATTERN_SOURCE = GUID_PATTERN.source;

export function isGuid(value: string): boolean {
  return GUID_PATTERN.test(value);
}

/** A detail is requested only for a non-empty Guid that is not the all-zero Guid. */
export function isUsableGuid(value: string | null | undefined): value is string {
  return typeof value === 'string' && isGuid(value) && value !== EMPTY_GUID;
}

export function sameGuid(a: string, b: string): boolean {
  return a.toUpperCase() === b.toUpperCase();
}
