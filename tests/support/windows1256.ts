/** Files as Persian Excel saves them, for the tests of a file in the wrong encoding. */

/**
 * Text as Persian Excel saves it: each character's Windows-1256 byte, the Persian yeh as the Arabic one (the
 * code page has no other); the text must have a byte for each.
 */
export function windows1256(text: string): Uint8Array<ArrayBuffer> {
  const decoder = new TextDecoder('windows-1256');
  const byteOf = new Map<string, number>();
  for (let b = 0; b < 256; b++) byteOf.set(decoder.decode(Uint8Array.of(b)), b);
  return Uint8Array.from(
    [...text].map((c) => {
      // Excel writes digits as ASCII ones where the code page has no Persian digits.
      const digit = '۰۱۲۳۴۵۶۷۸۹'.indexOf(c);
      const b = byteOf.get(c === '\u06cc' ? '\u064a' : digit >= 0 ? String(digit) : c);
      if (b === undefined) throw new Error(`${c} has no Windows-1256 byte`);
      return b;
    }),
  );
}
