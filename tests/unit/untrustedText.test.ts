/**
 * The pure rules that keep what a client or a file sends from doing harm: the CSV cell a spreadsheet would run
 * (OWASP ASVS 5.0 V1.2.10), an import file's bytes read as text (UTF-8, or Windows-1256 when the staff say so),
 * and the site's public origin as configuration accepts it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { safeCell } from '../../domain/csvCells';
import { publicOrigin } from '../../server/config';
import { fileText, UnreadableFile } from '../../server/importer/fileText';
import { firstQuoteProblem } from '../../server/importer/readers';
import { toCsv } from '../../src/ui/csv';

describe('V1.2.10 a CSV cell a spreadsheet would run', () => {
  it.each(['=1+1', '+1', "-2+3+cmd|' /C calc'!A0", '@SUM(A1)', '\tx', '\rx', '\0x'])(
    '%j gets a quote before it',
    (cell) => {
      expect(safeCell(cell)).toBe(`'${cell}`);
    },
  );
  it.each(['مرکز فنی', 'Centre = 1', '', "'quoted", '1-2'])('%j is left as it is', (cell) => {
    expect(safeCell(cell)).toBe(cell);
  });
  it('the statistics’ CSV neutralises text cells, keeps numbers (a negative one too) as numbers', () => {
    expect(
      toCsv(
        ['name', 'n'],
        [
          ['=cmd', -3],
          ['ok', 4],
        ],
      ),
    ).toBe("\uFEFFname,n\r\n'=cmd,-3\r\nok,4\r\n");
  });
});

describe('an import file read as text', () => {
  const dir = mkdtempSync(join(tmpdir(), 'makan-text-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const fileOf = (bytes: Buffer) => {
    const file = join(dir, `f${Math.random()}`);
    writeFileSync(file, bytes);
    return file;
  };
  const read = async (bytes: Buffer, encoding?: 'utf-8' | 'windows-1256') => {
    let text = '';
    for await (const piece of fileText(fileOf(bytes), encoding)) text += piece;
    return text;
  };
  const refusal = async (bytes: Buffer) => {
    try {
      await read(bytes);
    } catch (error) {
      return error as UnreadableFile;
    }
    throw new Error('not refused');
  };
  /** مرکز in Windows-1256. */
  const markaz1256 = Buffer.from([0xe3, 0xd1, 0x98, 0xd2]);

  it('UTF-8 comes back as it is, a BOM dropped, pieces cut only between characters', async () => {
    const text = `Guid,Name\n${'مرکز آموزش فنی\n'.repeat(20_000)}`;
    expect(await read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toBe(text);
    // One long line with no ASCII at all, longer than a read: still whole.
    const long = 'م'.repeat(300_000);
    expect(await read(Buffer.from(long))).toBe(long);
  });

  it('Windows-1256 is refused at its first line, saying it reads as Windows-1256', async () => {
    const error = await refusal(Buffer.concat([Buffer.from('Guid,Name\nx,ok\ny,'), markaz1256, Buffer.from('\n')]));
    expect(error).toBeInstanceOf(UnreadableFile);
    expect(error.problem).toMatchObject({ where: 'line 3', field: '(encoding)' });
    expect(error.problem.message).toMatch(/reads as Windows-1256/);
    expect(error.readsAs).toBe('windows-1256');
  });

  it('bytes that are neither are refused without naming a code page', async () => {
    const error = await refusal(Buffer.from([0x41, 0x0a, 0xff, 0xfe, 0x0a]));
    expect(error.problem.where).toBe('line 2');
    expect(error.readsAs).toBeNull();
  });

  it('read as Windows-1256 when told, the Arabic letters as the code page has them', async () => {
    expect(await read(Buffer.concat([Buffer.from('a,'), markaz1256]), 'windows-1256')).toBe('a,مرکز');
  });

  it('a replacement character already in the file is refused', async () => {
    const error = await refusal(Buffer.from('Guid,Name\nx,مرکز \uFFFD\n'));
    expect(error.problem.where).toBe('line 2');
    expect(error.problem.message).toMatch(/\uFFFD/);
  });

  /** Text as Excel's "Unicode text" saves it: UTF-16 after its byte-order mark, little-endian unless said. */
  const utf16 = (text: string, bigEndian = false) => {
    const bytes = Buffer.from(`\uFEFF${text}`, 'utf16le');
    return bigEndian ? bytes.swap16() : bytes;
  };

  it('UTF-16 is read as its byte-order mark says, unasked, a character cut between two reads still whole', async () => {
    // Past several reads of 64 KiB; the first read ends between the two halves of a surrogate pair (the byte-order
    // mark and 32,766 characters before it), and every line has another.
    const text = `${'م'.repeat(32_766)}🏫\n${'مرکز آموزش فنی ۱۲ 🏫\n'.repeat(10_000)}`;
    expect(await read(utf16(text))).toBe(text);
    expect(await read(utf16(text, true))).toBe(text);
    // A file that merely has those two bytes further on is not UTF-16.
    expect((await refusal(Buffer.from([0x41, 0x0a, 0xff, 0xfe]))).problem.code).toBe('not_utf8');
  });

  it('UTF-16 broken off inside a character, or with half a surrogate pair, is refused at its line', async () => {
    const cut = utf16('Guid\tName\nx\tمرکز\ny\tمرکز');
    const broken = await refusal(cut.subarray(0, cut.length - 1));
    expect(broken.problem).toMatchObject({ where: 'line 3', field: '(encoding)', code: 'not_utf16' });
    const half = await refusal(utf16('Guid\tName\nx\tok\ny\t\ud83c name\n'));
    expect(half.problem).toMatchObject({ where: 'line 3', code: 'not_utf16' });
    const replaced = await refusal(utf16('Guid\tName\nx\tok\ny\tok\nz\tمرکز \uFFFD\n'));
    expect(replaced.problem).toMatchObject({ where: 'line 4', code: 'replacement_character' });
  });
});

describe('the public origin', () => {
  it.each([
    ['https://makan.example.ir', 'https://makan.example.ir'],
    ['https://makan.example.ir/', 'https://makan.example.ir'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['HTTPS://Makan.Example.IR:443', 'https://makan.example.ir'],
  ])('%s is %s', (raw, origin) => {
    expect(publicOrigin(raw)).toBe(origin);
  });
  it.each([
    'makan.example.ir',
    'ftp://x.ir',
    'https://x.ir/app',
    'https://u:p@x.ir',
    'https://x.ir/?a=1',
    'https://x.ir/#a',
  ])('%s is refused at start', (raw) => {
    expect(() => publicOrigin(raw)).toThrow(/MAKAN_PUBLIC_ORIGIN/);
  });
  it('unset: the address the server listens at', () => {
    expect(publicOrigin(undefined)).toBeNull();
    expect(publicOrigin('')).toBeNull();
  });
});

describe('where a CSV file’s quoting breaks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'makan-quotes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const header = 'Guid,Type,Name\r\n';
  it.each([
    ['a,b,c\n', null],
    ['a,"b,c",d\n', null],
    ['a,"say ""hi""",c\n"two\nlines",x,y\n', null],
    ['a,"b,c\nd,e,f\n', { line: 2, column: 1, open: true }],
    ['a,b,c\nd,"e"x,f\n', { line: 3, column: 1, open: false }],
    ['a,b"c,d\n', { line: 2, column: 1, open: false }],
    ['a,b,""x"\n', { line: 2, column: 2, open: false }],
  ])('%j: %j', async (rows, expected) => {
    const file = join(dir, `f${Math.random()}.csv`);
    writeFileSync(file, `\uFEFF${header}${rows}`);
    const found = await firstQuoteProblem(file);
    expect(found === null ? null : { line: found.line, column: found.column, open: found.open }).toEqual(expected);
    if (found) expect(found.header).toEqual(['Guid', 'Type', 'Name']);
  });
});
