/**
 * An import file's text, checked line by line as it is read: UTF-8 unless the staff said the file is
 * Windows-1256 (what Persian Excel saves as "CSV"). A file that is not valid UTF-8 is refused at its first bad
 * line, saying whether it reads as Windows-1256, never decoded into U+FFFD; nor is a U+FFFD already in the file
 * taken in (the mark of an earlier wrong conversion: the name it stands in is lost).
 */
import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import type { ProblemCode } from '../../domain/importProblems';
import type { Problem } from './validate';

import type { FileEncoding, ReadEncoding } from '../../domain/wire/desk';

export { FILE_ENCODINGS, type FileEncoding, type ReadEncoding } from '../../domain/wire/desk';

/** Thrown for a file that cannot be read on: broken quoting, a header without the required columns, bad JSON. */
export class UnreadableFile extends Error {
  constructor(
    readonly problem: Problem,
    /** Refused as not UTF-8, what the file reads as instead (null when nothing fits). */
    readonly readsAs: FileEncoding | null = null,
  ) {
    super(`${problem.where}: ${problem.field}: ${problem.message}`);
  }
}

const NEWLINE = 0x0a;
/**
 * The Persian and Arabic letters Windows-1256 has, and its Arabic comma, semicolon and question mark: a header
 * row Excel wrote under Persian settings holds no letter but the semicolon (؛) between its columns.
 */
const ARABIC_SCRIPT = /[\u060c\u061b\u061f\u0621-\u064a\u067e\u0686\u0698\u06a9\u06af\u06cc]/;

/** A line refused for its bytes: the one shape every encoding refusal below takes. */
const encodingRefusal = (line: number, code: ProblemCode, message: string, readsAs: FileEncoding | null = null) =>
  new UnreadableFile({ where: `line ${line}`, field: '(encoding)', message, code, values: {} }, readsAs);

/** Why a line that is not UTF-8 was refused, and what to do. */
function notUtf8(line: number, bytes: Buffer): UnreadableFile {
  const as1256 = new TextDecoder('windows-1256').decode(bytes);
  return ARABIC_SCRIPT.test(as1256)
    ? encodingRefusal(
        line,
        'windows_1256',
        'the file is not UTF-8: it reads as Windows-1256, which Persian Excel saves as "CSV". Save it as "CSV UTF-8", or convert it from Windows-1256 (the console asks; npm run import takes --encoding windows-1256)',
        'windows-1256',
      )
    : encodingRefusal(line, 'not_utf8', 'the file is not UTF-8 text: save it as UTF-8 (in Excel, "CSV UTF-8")');
}

/** A file that begins as UTF-16 and breaks off inside a character, or holds half of a surrogate pair. */
const notUtf16 = (line: number) =>
  encodingRefusal(
    line,
    'not_utf16',
    'the file begins as UTF-16 (Excel\'s "Unicode text") but is not UTF-16 here: save it again, or as "CSV UTF-8"',
  );

const replaced = (line: number) =>
  encodingRefusal(
    line,
    'replacement_character',
    'has the replacement character \uFFFD: letters were lost in an earlier wrong conversion of this file; correct them from the original',
  );

/** Where a run of bytes with no ASCII in it may be cut: before the start of a UTF-8 sequence left incomplete. */
function characterBoundary(bytes: Buffer): number {
  let cut = bytes.length;
  while (cut > 0 && (bytes[cut - 1]! & 0xc0) === 0x80) cut--;
  return cut > 0 && bytes[cut - 1]! >= 0xc0 ? cut - 1 : cut;
}

/**
 * What a file is read as: UTF-16 when it begins with UTF-16's byte-order mark (Excel's "Unicode text"), which
 * says so itself; otherwise what the staff asked for.
 */
export function encodingOf(head: Uint8Array, asked: FileEncoding): ReadEncoding {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return asked;
}

export const isUtf16 = (encoding: ReadEncoding): encoding is 'utf-16le' | 'utf-16be' => encoding.startsWith('utf-16');

const newlinesIn = (text: string, end = text.length) => {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < end; at = text.indexOf('\n', at + 1)) count++;
  return count;
};

/**
 * The file's text in pieces, each line checked before it is given, read as `encodingOf` its first bytes says.
 * Stopping early (a caller that wanted only the header) closes the file.
 */
export async function* fileText(file: string, asked: FileEncoding = 'utf-8'): AsyncGenerator<string> {
  const chunks = createReadStream(file)[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await chunks.next();
  if (first.done) return;
  const all = (async function* () {
    yield first.value;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  })();
  try {
    const encoding = encodingOf(first.value, asked);
    yield* isUtf16(encoding) ? utf16Text(all, encoding) : byteText(all, encoding as FileEncoding);
  } finally {
    await chunks.return?.();
  }
}

/**
 * UTF-16 text. Its lines cannot be cut by byte as the one-byte encodings' are; the decoder carries a character cut
 * between two reads, and a file that breaks off inside one (or holds half a surrogate pair) is refused at its line.
 */
async function* utf16Text(chunks: AsyncIterable<Buffer>, encoding: 'utf-16le' | 'utf-16be'): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { fatal: true });
  let line = 1;
  const checked = (bytes: Buffer | null): string => {
    let text: string;
    try {
      text = bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      // Where in this read it breaks: the first character a lenient decoder could not make out.
      const loose = bytes ? new TextDecoder(encoding).decode(bytes) : '';
      const lost = loose.indexOf('\uFFFD');
      throw notUtf16(line + (lost > 0 ? newlinesIn(loose, lost) : 0));
    }
    const lost = text.indexOf('\uFFFD');
    if (lost !== -1) throw replaced(line + newlinesIn(text, lost));
    line += newlinesIn(text);
    return text;
  };
  for await (const chunk of chunks) {
    const text = checked(chunk);
    if (text) yield text;
  }
  const rest = checked(null);
  if (rest) yield rest;
}

/** UTF-8 or Windows-1256 text, in pieces of whole characters, each line checked before it is given. */
async function* byteText(chunks: AsyncIterable<Buffer>, encoding: FileEncoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  let carry: Buffer = Buffer.alloc(0);
  let line = 1;
  const take = (bytes: Buffer): string => {
    let start = 0;
    for (let end = bytes.indexOf(NEWLINE); ; end = bytes.indexOf(NEWLINE, start)) {
      const lineBytes = bytes.subarray(start, end === -1 ? bytes.length : end + 1);
      if (encoding === 'utf-8' && !isUtf8(lineBytes)) throw notUtf8(line, lineBytes);
      if (lineBytes.includes(0xbd) && new TextDecoder(encoding).decode(lineBytes).includes('\uFFFD'))
        throw replaced(line);
      if (end === -1) break;
      line++;
      start = end + 1;
    }
    return decoder.decode(bytes, { stream: true });
  };
  for await (const chunk of chunks) {
    const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    // Cut after the last ASCII byte: never inside a character, whether or not the file has lines (a GeoJSON
    // file is often one).
    let cut = bytes.length;
    while (cut > 0 && bytes[cut - 1]! >= 0x80) cut--;
    if (cut === 0) cut = characterBoundary(bytes);
    carry = bytes.subarray(cut);
    const text = take(bytes.subarray(0, cut));
    if (text) yield text;
  }
  const rest = take(carry) + decoder.decode();
  if (rest) yield rest;
}
