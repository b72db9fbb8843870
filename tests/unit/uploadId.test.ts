/** An upload's id is checked as an upload's id (its own pattern), and every id the server makes passes it. */
import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { UPLOAD_ID_PATTERN, UploadId } from '../../domain/wire/desk';
import { newUploadId } from '../../server/desk/uploads';

describe('upload ids', () => {
  it('every id made passes the schema the routes check it by', () => {
    for (let i = 0; i < 1000; i++) expect(Value.Check(UploadId, newUploadId())).toBe(true);
    expect(new RegExp(UPLOAD_ID_PATTERN).test(newUploadId())).toBe(true);
  });

  it('refuses what is not one', () => {
    for (const id of ['', 'a'.repeat(21), 'a'.repeat(23), `${'a'.repeat(21)}/`, '../../etc/passwd'])
      expect(Value.Check(UploadId, id), id).toBe(false);
  });
});
