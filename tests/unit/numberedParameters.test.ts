/** The shared reads name their parameters (`@type`); PostgreSQL's client numbers them. */
import { describe, expect, it } from 'vitest';
import { numberedParameters } from '../../server/store/postgres/PostgresStore';

describe('numberedParameters', () => {
  it('numbers names in the order they first appear, a repeated name keeping its number', () => {
    const { text, values } = numberedParameters(
      'SELECT 1 WHERE (CAST(@type AS integer) IS NULL OR type_id = @type) AND id > @after LIMIT @limit',
      { limit: 5, after: 10, type: 3 },
    );
    expect(text).toBe('SELECT 1 WHERE (CAST($1 AS integer) IS NULL OR type_id = $1) AND id > $2 LIMIT $3');
    expect(values).toEqual([3, 10, 5]);
  });

  it('sends only the names the query uses, null included', () => {
    const { text, values } = numberedParameters('SELECT @a, @b', { a: null, b: 'x', unused: 1 });
    expect(text).toBe('SELECT $1, $2');
    expect(values).toEqual([null, 'x']);
  });

  it('refuses a name it was given no value for, rather than sending the query short of one', () => {
    expect(() => numberedParameters('SELECT @missing', {})).toThrow('no value given for @missing');
  });
});
