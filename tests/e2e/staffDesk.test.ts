/**
 * The staff desk in the browser, on both stores, at 1280 and 375 px, in Persian and English:
 * - a staff member signs in, uploads a file with twenty planted problems, sees exactly those findings and the
 *   changes (in a table and drawn on the map of changes), applies, and the public app shows the new version;
 * - a visitor reports a problem from a location's detail, staff resolve it, and the visitor's link says so;
 * - a file Persian Excel saved (Windows-1256) is explained, and converted and checked again when staff agree.
 * - a file whose name and cells try to become markup (an image's onerror, a script, template braces, a right-to-left
 *   override) is previewed with them as text, and nothing runs.
 * axe finds no serious or critical violation on the console, the report form and the status page.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from '../../domain/importColumns';
import { en } from '../../src/i18n/en';
import { fa } from '../../src/i18n/fa';
import { EXCEL_DROPPED_ZERO, plantDefects } from '../support/plantedDefects';
import { runStaffCommand } from '../support/staffClient';
import { windows1256 } from '../support/windows1256';
import { excelWorkbook } from '../support/spreadsheetFiles';
import { STORE_KINDS } from '../support/testServer';
import { testDir } from '../support/testDir';
import { expectAccessible } from './drivers/accessibility';
import { countInk, type Ink } from './drivers/mapInk';
import { ReportDriver, StaffDriver } from './drivers/StaffDriver';
import { DESKTOP, PHONE, useBrowserApp } from './fixture';

const PASSWORD = 'a long enough passphrase';
/** What a file brought to the console may hold to try to become markup (issue 56): its name, and its cells. */
const HOSTILE_FILE_NAME = '"><img src=x onerror=window.__xss=1>.csv';
const BRACES = `{{constructor.constructor("window.__xss=2")()}} \u202Efdp.exe\u202C "q" & 'a'`;
const MARKUP = '</script><script>window.__xss=3</script><img src=x onerror=window.__xss=4>';

/** Two new locations beside `near`: one whose phone is template braces and an override, one named in markup. */
function hostileFile(near: Record<string, string>): string {
  const columns = ['Guid', 'Type', 'NameMakanAmoozeshi', 'PhoneNumber', 'Lat', 'Long'];
  const rows = [
    ['D0000000-0000-4000-8000-0000000056A1', 'Centers', 'مرکز آزمون', BRACES, near['Lat']!, near['Long']!],
    ['D0000000-0000-4000-8000-0000000056A2', 'Centers', MARKUP, '', near['Lat']!, near['Long']!],
  ];
  const file = join(testDir('upload'), HOSTILE_FILE_NAME);
  writeFileSync(file, stringify([columns, ...rows]));
  return file;
}
/** Text with the page's Persian digits read as Latin ones. */
const latinDigits = (text: string) => text.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)));
/** The map of changes' "added" green (#0b7a4b), which nothing else on the console is. */
const ADDED_INK: Ink = { name: 'added green', matches: (r, g, b) => g - r > 70 && g - b > 30 && g > 90 && g < 150 };

describe.each(STORE_KINDS)('the staff desk in the browser (%s store)', (store) => {
  const env = useBrowserApp({ points: 800, store });
  // One walk per store at each width and language: Persian at 1280 on SQLite, English at 375 on PostgreSQL.
  const [viewport, language] = store === 'sqlite' ? ([DESKTOP, 'fa'] as const) : ([PHONE, 'en'] as const);
  const [otherViewport, otherLanguage] = store === 'sqlite' ? ([PHONE, 'en'] as const) : ([DESKTOP, 'fa'] as const);

  beforeAll(async () => {
    const run = await runStaffCommand(['add', 'maryam', '--db', env.server.dbFile], `${PASSWORD}\n`);
    expect(run.code, run.stderr).toBe(0);
  });

  it(`signs in, previews a file's twenty planted problems and its changes, applies it, and the public sees it (${viewport.width} px, ${language})`, async () => {
    const exported = await (await fetch(`${env.baseUrl}/api/downloads/latest/locations.csv?type=Centers`)).text();
    const planted = plantDefects(exported);
    const file = join(testDir('upload'), 'planted.csv');
    writeFileSync(file, planted.csv);
    const before = (await (await fetch(`${env.baseUrl}/api/meta`)).json()) as { version: number };

    await env.withApp(async ({ page, problems }) => {
      // A console opened without a session asks who is signed in, and is told nobody (401): it then shows sign-in.
      problems.expect(/401/);
      const staff = new StaffDriver(page, env.baseUrl);
      await staff.openConsole(language);
      await expectAccessible(page, 'the sign-in form');
      await staff.signIn('maryam', PASSWORD);
      await staff.upload(file, { skipInvalid: true });
      await page.screenshot({ path: `tests/.artifacts/staff-preview-${store}-${viewport.width}.png` });

      const findings = await staff.findings();
      expect(findings.map((f) => Number(latinDigits(f.where).replace(/\D/g, '')))).toEqual(
        planted.expected.map((e) => e.line),
      );
      expect(findings).toHaveLength(20);
      // A phone Excel took for a number is told with its 0 back, in the page's language.
      const dropped = findings.find((f) => f.says.includes(EXCEL_DROPPED_ZERO))!;
      expect(dropped.says).toContain(`0${EXCEL_DROPPED_ZERO}`);
      expect(dropped.says).toMatch(language === 'en' ? /lost its leading 0/ : /صفر آغاز/);
      // The changes: a row per type and province, and the added locations drawn on the map of changes.
      await expect.poll(() => page.getByTestId('changes').locator('tbody tr').count()).toBeGreaterThan(0);
      expect(await page.locator('[data-testid="changes-map"] [data-kind="added"]').count()).toBe(planted.validNew);
      expect((await countInk(page.getByTestId('changes-map'), ADDED_INK)).pixels).toBeGreaterThan(20);
      await expectAccessible(page, 'the console with a preview');

      const applied = await staff.apply();
      expect(latinDigits(applied)).toContain(String(before.version + 1));
    }, viewport);

    const after = (await (await fetch(`${env.baseUrl}/api/meta`)).json()) as { version: number };
    expect(after.version).toBe(before.version + 1);
    // The public app: a location the file added opens with its name.
    const added = (parse(planted.csv, { columns: true }) as Record<string, string>[]).find(
      (r) => r['NameMakanAmoozeshi'] === 'مرکز آزمایشی شماره 22',
    )!;
    await env.withApp(async ({ app, page }) => {
      await app.open(`/Centers?loc=${added['Guid']}`);
      const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('detail') });
      await expect.poll(() => dialog.getByRole('heading').first().textContent()).toContain('مرکز آزمایشی شماره');
    }, viewport);
  });

  it(`a locked account says how long it stays locked (${otherViewport.width} px, ${otherLanguage})`, async () => {
    const run = await runStaffCommand(['add', `locked${store}`, '--db', env.server.dbFile], `${PASSWORD}\n`);
    expect(run.code, run.stderr).toBe(0);
    await env.withApp(async ({ page, problems }) => {
      problems.expect(/401|429/);
      const staff = new StaffDriver(page, env.baseUrl);
      await staff.openConsole(otherLanguage);
      const error = page.getByTestId('sign-in-error');
      for (let i = 0; i < 4; i++) {
        await staff.trySignIn(`locked${store}`, 'not the password at all');
        await error.waitFor();
      }
      const words = (otherLanguage === 'fa' ? fa : en).desk;
      // The third failure locks it for 30 s: the fourth attempt is told so, in the page's words and digits.
      const locked = new RegExp(words.lockedFor(words.waitSeconds('\\d+')).replace(/[.()]/g, '\\$&'));
      await expect.poll(async () => latinDigits(await error.innerText())).toMatch(locked);
    }, otherViewport);
  });

  it(`a broken file is told where and why in the page's language, with the columns and a template to start from (${viewport.width} px, ${language})`, async () => {
    const csv = await (await fetch(`${env.baseUrl}/api/downloads/latest/locations.csv?type=Centers`)).text();
    const rows = (parse(csv.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[]).slice(0, 5);
    const columns = ['Guid', 'Type', 'NameMakanAmoozeshi', 'Lat', 'Long'];
    const lines = rows.map((row, i) =>
      columns.map((c) => (c === 'NameMakanAmoozeshi' && i === 1 ? `"${row[c]}` : row[c])).join(','),
    );
    const file = join(testDir('upload'), 'broken.csv');
    writeFileSync(file, `${[columns.join(','), ...lines].join('\n')}\n`);
    const words = (language === 'fa' ? fa : en).desk.upload;

    await env.withApp(async ({ page, problems }) => {
      problems.expect(/401/);
      const staff = new StaffDriver(page, env.baseUrl);
      await staff.openConsole(language);
      await staff.signIn('maryam', PASSWORD);
      // The columns, what each holds, and a template that opens as the format's header and one example row.
      await page.getByTestId('import-columns').locator('summary').click();
      await expect.poll(() => page.getByTestId('import-columns').locator('tbody tr').count()).toBe(15);
      await expectAccessible(page, 'the console with the file’s columns');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('template').click()]);
      expect(download.suggestedFilename()).toBe('makan-template.csv');
      const template = readFileSync((await download.path())!, 'utf8');
      expect(template.split('\r\n')[0]).toBe(`\uFEFF${IMPORT_COLUMNS.join(',')}`);

      await staff.upload(file, { skipInvalid: false });
      expect(await staff.previewHeading()).toBe(words.unreadableFile('\u2068broken.csv\u2069'));
      const problem = page.getByTestId('problems').locator('tbody tr');
      expect(await problem.count()).toBe(1);
      expect(latinDigits(await problem.locator('td').first().innerText())).toContain('3');
      expect(await problem.locator('td').nth(1).innerText()).toBe('NameMakanAmoozeshi');
      expect(await problem.locator('td').nth(2).innerText()).toBe(words.problems.quote_not_closed());
      expect(await page.getByText(words.noChanges).count()).toBe(0);
      await page.screenshot({ path: `tests/.artifacts/staff-broken-file-${store}-${viewport.width}.png` });
      await expectAccessible(page, 'the console with a broken file');

      // A file whose name and cells try to become markup: the preview shows them as text, and runs nothing.
      await staff.discard();
      await staff.upload(hostileFile(rows[0]!), { skipInvalid: false });
      await expect.poll(() => staff.previewHeading()).toContain(HOSTILE_FILE_NAME);
      await expect.poll(() => page.getByTestId('findings').innerText()).toContain(BRACES);
      expect(await page.getByTestId('problems').innerText()).toContain(words.problems.markup());
      expect(
        await page
          .locator('img[src="x"], svg, script:not([src])')
          .evaluateAll((found) =>
            found.map((e) => e.outerHTML.slice(0, 80)).filter((html) => /onerror|__xss|onload/.test(html)),
          ),
      ).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    }, viewport);
  });

  it(`a file Persian Excel saved is explained, then converted and checked again when asked (${otherViewport.width} px, ${otherLanguage})`, async () => {
    const csv = await (await fetch(`${env.baseUrl}/api/downloads/latest/locations.csv?type=Centers`)).text();
    const rows = (parse(csv.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[]).slice(0, 3);
    const names = ['مرکز آموزش فنی کرج', 'آموزشگاه گلدوزی پیروز', 'کارگاه چرم ژیان'];
    const edited = rows.map((row, i) => ({ ...row, NameMakanAmoozeshi: names[i]! }));
    const file = join(testDir('upload'), 'excel.csv');
    writeFileSync(file, windows1256(stringify(edited, { header: true, columns: Object.keys(edited[0]!) })));
    // A fourth row renamed in a file as Excel's "Unicode text" saves it.
    const more = (parse(csv.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[])[3]!;
    const unicodeName = 'هنرستان کاردانش شهید چمران';
    const unicodeText = join(dirname(file), 'unicode.txt');
    const tabbed = stringify([{ ...more, NameMakanAmoozeshi: unicodeName }], {
      header: true,
      columns: Object.keys(more),
      delimiter: '\t',
      record_delimiter: 'windows',
    });
    writeFileSync(unicodeText, Buffer.from(`\uFEFF${tabbed}`, 'utf16le'));

    // The workbook itself, as many first send it.
    const workbook = join(dirname(file), 'locations.xlsx');
    writeFileSync(workbook, excelWorkbook());

    await env.withApp(async ({ page, problems }) => {
      problems.expect(/401/);
      problems.expect(/415/);
      const staff = new StaffDriver(page, env.baseUrl);
      await staff.openConsole(otherLanguage);
      await staff.signIn('maryam', PASSWORD);
      expect(await staff.uploadRefused(workbook)).toBe((otherLanguage === 'en' ? en : fa).desk.errors.spreadsheet_file);
      // The CSV is chosen at once, beside the reason the workbook was refused: no step back first.
      expect(await staff.chooserLabel()).toBe((otherLanguage === 'en' ? en : fa).desk.upload.another);
      await page.screenshot({ path: `tests/.artifacts/staff-refused-${store}-${otherViewport.width}.png` });
      await staff.upload(file, { skipInvalid: false });
      expect(await staff.notUtf8()).toMatch(
        otherLanguage === 'en' ? /not UTF-8.*Windows-1256/ : /UTF-8 نیست.*Windows-1256/,
      );
      expect(await page.getByTestId('apply').isDisabled()).toBe(true);
      await page.screenshot({ path: `tests/.artifacts/staff-not-utf8-${store}-${otherViewport.width}.png` });
      // With its button under the pointer, as after a click on the file button: a filled button's hover reads too.
      await page.getByTestId('convert').hover();
      await expectAccessible(page, 'the console offering to convert a file, its button under the pointer');
      await staff.convert();
      expect(latinDigits(await staff.previewHeading())).toMatch(/excel\.csv.*3.*0/);
      expect(await page.getByTestId('apply').isDisabled()).toBe(false);
      const applied = await staff.apply();
      expect(applied).not.toBe('');
      // Excel's "Unicode text" (a .txt file, tabs, UTF-16) needs no conversion: previewed and applied at once.
      await staff.upload(unicodeText, { skipInvalid: false });
      expect(await staff.notUtf8()).toBe('');
      expect(latinDigits(await staff.previewHeading())).toMatch(/unicode\.txt.*1.*0/);
      expect(await staff.apply()).not.toBe('');
    }, otherViewport);
    const stored = await (await fetch(`${env.baseUrl}/api/TVTOBase/GetMapLocationDetailsx/${rows[0]!['Guid']}`)).text();
    expect(stored).toContain(names[0]);
    const fourth = await (await fetch(`${env.baseUrl}/api/TVTOBase/GetMapLocationDetailsx/${more['Guid']}`)).text();
    expect(fourth).toContain(unicodeName);
  });

  it(`a visitor reports a problem, staff resolve it, and the visitor's link shows it resolved (${otherViewport.width} px, ${otherLanguage})`, async () => {
    const csv = await (await fetch(`${env.baseUrl}/api/downloads/latest/locations.csv?type=Centers`)).text();
    const guid = (parse(csv.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[])[2]!['Guid']!;
    const text = store === 'sqlite' ? 'The phone rings unanswered' : 'شماره تلفن پاسخ نمی‌دهد';
    const lang = otherLanguage === 'en' ? '&lang=en' : '';
    let link = '';
    await env.withApp(async ({ app, page }) => {
      await app.open(`/Centers?loc=${guid}${lang}`);
      const visitor = new ReportDriver(page);
      const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('detail') });
      await dialog.getByTestId('report-open').click();
      await dialog.getByTestId('report-form').waitFor();
      await expectAccessible(page, 'the report form');
      await page.screenshot({ path: `tests/.artifacts/report-form-${store}-${otherViewport.width}.png` });
      // Each choice is drawn as a radio button (a ring, white inside), not the browser's own control left
      // unstyled: the report form's choices were solid black discs when Mantine's Radio sheet was missing.
      const radio = await dialog
        .getByRole('radio', { checked: false })
        .first()
        .evaluate((input) => {
          const style = getComputedStyle(input);
          return {
            appearance: style.appearance,
            background: style.backgroundColor,
            width: input.getBoundingClientRect().width,
          };
        });
      expect(radio.appearance).toBe('none');
      expect(radio.background).toBe('rgb(255, 255, 255)');
      expect(radio.width).toBeLessThanOrEqual(20);
      // The form's own Close folds it away; the visitor then opens it again to send.
      await dialog
        .getByTestId('report-form')
        .getByRole('button', { name: /بستن|Close/ })
        .click();
      link = await visitor.file(text, /شماره تلفن نادرست است|The phone number is wrong/);
      expect(link).toMatch(/^\/reports\/[A-Za-z0-9_-]{22}$/);
    }, otherViewport);

    await env.withApp(async ({ page, problems }) => {
      problems.expect(/401/);
      const staff = new StaffDriver(page, env.baseUrl);
      await staff.openConsole(otherLanguage);
      await staff.signIn('maryam', PASSWORD);
      await staff.openReports();
      await expectAccessible(page, 'the report queue');
      await page.screenshot({ path: `tests/.artifacts/report-queue-${store}-${otherViewport.width}.png` });
      // The location the report is about opens beside the desk, as the public sees it, to check its fields.
      const reported = await staff.openReportedLocation(text);
      expect(new URL(reported.url()).searchParams.get('loc')).toBe(guid);
      // Its dialog is named for the location the card names.
      const name = await page.getByTestId('report-card').filter({ hasText: text }).locator('bdi').first().innerText();
      await reported.getByRole('dialog', { name }).getByTestId('detail').waitFor();
      await reported.close();
      await staff.resolve(text, 'Number corrected / شماره درست شد');
      // Resolved reports leave the open queue.
      expect(await page.getByTestId('report-card').filter({ hasText: text }).count()).toBe(0);
    }, otherViewport);

    await env.withApp(async ({ page }) => {
      await page.goto(`${env.baseUrl}${link}${otherLanguage === 'en' ? '?lang=en' : ''}`);
      const shown = await new ReportDriver(page).statusShown();
      expect(shown).toEqual({ status: 'resolved', note: 'Number corrected / شماره درست شد' });
      await expectAccessible(page, 'the report status page');
      await page.screenshot({ path: `tests/.artifacts/report-status-${store}-${otherViewport.width}.png` });
    }, otherViewport);
  });
});
