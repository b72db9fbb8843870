/** What a test run left in the temporary folder (tools/test/leftBehind.ts), printed after every whole run. */
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { leftBehind, leftBehindLines } from '../../tools/test/leftBehind';
import { testDir } from '../support/testDir';

describe('what a run leaves behind', () => {
  it("finds the run's own makan-* folders and files, not older ones or others'", () => {
    const dir = testDir('left');
    const since = Date.now() - 1000;
    mkdirSync(join(dir, 'makan-upload-Ab12Cd'));
    mkdirSync(join(dir, 'makan-upload-Ef34Gh'));
    writeFileSync(join(dir, 'makan-pg-standby-Zz99Yy'), '');
    mkdirSync(join(dir, 'makan-old-Qq11Ww'));
    const longAgo = new Date(since - 3_600_000);
    utimesSync(join(dir, 'makan-old-Qq11Ww'), longAgo, longAgo);
    mkdirSync(join(dir, 'org.chromium.Chromium.x1y2z3'));
    const found = leftBehind(since, dir);
    expect(found).toEqual(['makan-pg-standby-Zz99Yy', 'makan-upload-Ab12Cd', 'makan-upload-Ef34Gh']);
    expect(leftBehindLines(found, dir)).toEqual([
      `Left in ${dir} by the run (a test that does not remove its files?): makan-pg-standby-* (1), makan-upload-* (2)`,
      '',
    ]);
    expect(leftBehindLines([], dir)).toEqual([]);
  });
});
