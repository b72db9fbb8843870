/**
 * The server's one way of writing markup (server/pages/html.ts): every value escaped unless it is already markup,
 * and a guard on the sources that keeps it the only way (no markup in an untagged template, `trustedHtml` only for
 * the program's own constants, at the places named here).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../support/sourceFiles';
import { html, joinHtml, jsonInScript, trustedHtml } from '../../server/pages/html';

describe('html', () => {
  it('escapes text and attribute values, and places markup as it is', () => {
    const name = `"><img src=x onerror=alert(1)>&'`;
    expect(html`<a title="${name}">${name}</a>`.text).toBe(
      '<a title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&amp;&#39;">&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&amp;&#39;</a>',
    );
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p>${inner}</p>`.text).toBe('<p><b>&lt;i&gt;</b></p>');
  });

  it('writes numbers, leaves out null, undefined and false, and joins lists', () => {
    expect(html`${1.5}|${null}|${undefined}|${false}|${['<a>', html`<br>`, [2, '&']]}`.text).toBe(
      '1.5||||&lt;a&gt;<br>2&amp;',
    );
    expect(joinHtml(['a<', html`<hr>`], ' & ').text).toBe('a&lt; &amp; <hr>');
  });

  it('drops bidirectional overrides and control characters from a value, keeping the joiners Persian needs', () => {
    expect(html`${'a\u202Eb\u2066c\u0000d\u0007e\tf\ng'}`.text).toBe('abcde\tf\ng');
    expect(html`${'می\u200Cخواهم\u200F'}`.text).toBe('می\u200Cخواهم\u200F');
  });

  it('writes JSON for a script element that no text in it can close', () => {
    const value = { name: '</script><!-- & \u2028' };
    const text = jsonInScript(value).text;
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('a string is not markup: the type says so, and a lookalike object is escaped', () => {
    // @ts-expect-error a plain object shaped like markup is not markup
    expect(html`${{ text: '<b>' }}`.text).not.toContain('<b>');
    expect(trustedHtml('<b>').text).toBe('<b>');
  });
});

describe('the server writes markup one way', () => {
  // Build scripts write files from the program's own numbers, not pages from data.
  const files = sourceFiles('server').filter((f) => !f.startsWith(join('server', 'scripts')));

  it('no markup is written by an untagged template or by string joins of tags', () => {
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
        .filter(({ line }) => /(^|[^l\\])`<[a-zA-Z!?/]/.test(line) && !line.trim().startsWith('*'))
        .map(({ at }) => at),
    );
    expect(found).toEqual([]);
  });

  it('trustedHtml is used only for the pages’ style and the province map’s own geometry and style', () => {
    const uses = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/trustedHtml\(([^)]*)\)/g)]
        .filter(() => !file.endsWith(join('pages', 'html.ts')))
        .map((m) => `${file}: ${m[1]}`),
    );
    expect(uses.sort()).toEqual([
      `${join('server', 'pages', 'document.ts')}: PAGE_STYLE`,
      `${join('server', 'pages', 'provinceMapSvg.ts')}: TEXT_STYLE`,
      `${join('server', 'pages', 'provinceMapSvg.ts')}: s.d`,
    ]);
  });
});
