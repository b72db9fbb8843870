/** Drives the staff console and a visitor's "report a problem" as people do, reading what the page shows. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export class StaffDriver {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  console(): Locator {
    return this.page.getByTestId('staff-console');
  }

  /** The console's machine state, as it exposes it. */
  async consoleState(): Promise<string> {
    return (await this.console().getAttribute('data-state')) ?? '';
  }

  async openConsole(language: 'fa' | 'en'): Promise<void> {
    await this.page.goto(`${this.baseUrl}/staff${language === 'en' ? '?lang=en' : ''}`);
    await this.page.getByTestId('sign-in').waitFor();
  }

  async signIn(name: string, password: string): Promise<void> {
    await this.trySignIn(name, password);
    await this.page.getByTestId('signed-in-as').waitFor();
  }

  /** Fills the sign-in form and sends it; resolves once the answer is shown (signed in, or why not). */
  async trySignIn(name: string, password: string): Promise<void> {
    const form = this.page.getByTestId('sign-in');
    await form.locator('input[autocomplete="username"]').fill(name);
    await form.locator('input[autocomplete="current-password"]').fill(password);
    const answered = this.page.waitForResponse(
      (r) => r.url().endsWith('/api/staff/session') && r.request().method() === 'POST',
    );
    await form.locator('button[type="submit"]').click();
    await answered;
  }

  /** Ticks "apply the valid rows alone" and sends a file; resolves once its preview is shown. */
  async upload(file: string, { skipInvalid }: { skipInvalid: boolean }): Promise<void> {
    const panel = this.page.getByTestId('upload-panel');
    if (skipInvalid) await panel.getByRole('checkbox').first().check();
    await panel.locator('input[type="file"]').setInputFiles(file);
    await this.page.getByTestId('preview').waitFor({ timeout: 30_000 });
  }

  /** Chooses a file the server refuses outright; resolves to what the console says of it. */
  async uploadRefused(file: string): Promise<string> {
    await this.page.getByTestId('upload-panel').locator('input[type="file"]').setInputFiles(file);
    const error = this.page.getByTestId('upload-error');
    await error.waitFor({ timeout: 30_000 });
    return (await error.innerText()).trim();
  }

  /** What the button that chooses the next file says ('' when there is none to press). */
  async chooserLabel(): Promise<string> {
    const chooser = this.page.getByTestId('choose-file');
    return (await chooser.count()) === 0 ? '' : (await chooser.innerText()).trim();
  }

  /** Puts a previewed file aside, applying nothing; resolves once a file can be chosen again. */
  async discard(): Promise<void> {
    await this.page.getByTestId('discard').click();
    await this.page.getByTestId('preview').waitFor({ state: 'detached', timeout: 30_000 });
  }

  /** What the console says of a file that is not UTF-8 ('' when it says nothing). */
  async notUtf8(): Promise<string> {
    const alert = this.page.getByTestId('not-utf8');
    return (await alert.count()) === 0 ? '' : ((await alert.textContent()) ?? '');
  }

  /** Agrees to convert the file from Windows-1256; resolves once its new preview is shown. */
  async convert(): Promise<void> {
    await this.page.getByTestId('convert').click();
    await this.page.getByTestId('not-utf8').waitFor({ state: 'detached', timeout: 30_000 });
    await this.page.getByTestId('preview').waitFor({ timeout: 30_000 });
  }

  /** The preview's heading: the file, its rows and how many are invalid. */
  async previewHeading(): Promise<string> {
    return (await this.page.getByTestId('preview-file').textContent()) ?? '';
  }

  /** The quality report's rows: each finding's row as shown ("line N", its kind's words, and what it says). */
  async findings(): Promise<{ where: string; kind: string; says: string }[]> {
    const rows = this.page.getByTestId('findings').locator('tbody tr');
    return rows.evaluateAll((trs) =>
      trs.map((tr) => ({
        where: tr.children[0]!.textContent ?? '',
        kind: tr.children[1]!.textContent ?? '',
        says: tr.lastElementChild!.textContent ?? '',
      })),
    );
  }

  async apply(): Promise<string> {
    await this.page.getByTestId('apply').click();
    const applied = this.page.getByTestId('applied');
    await applied.waitFor({ timeout: 30_000 });
    return (await applied.textContent()) ?? '';
  }

  async openReports(): Promise<void> {
    await this.page.getByRole('tab', { name: /گزارش‌های مردم|Public reports/ }).click();
    await this.waitForQueue();
  }

  async waitForQueue(): Promise<void> {
    await expect.poll(() => this.page.getByTestId('report-queue').getAttribute('data-state')).toBe('shown');
  }

  /**
   * Opens the location the report whose text is `text` is about, as its card links it (a new tab), and returns
   * that tab once its detail dialog is shown.
   */
  async openReportedLocation(text: string): Promise<Page> {
    const card = this.page.getByTestId('report-card').filter({ hasText: text });
    const [tab] = await Promise.all([
      this.page.context().waitForEvent('page'),
      card.getByTestId('report-location').click(),
    ]);
    await tab.getByTestId('detail').waitFor();
    return tab;
  }

  /** Resolves the open report whose text is `text`, with a note the public sees. */
  async resolve(text: string, note: string): Promise<void> {
    const card = this.page.getByTestId('report-card').filter({ hasText: text });
    await card.locator('textarea').fill(note);
    await card.getByTestId('resolve').click();
    await this.waitForQueue();
  }
}

/** A visitor's side of a report: from a location's detail to the status link. */
export class ReportDriver {
  constructor(readonly page: Page) {}

  async file(text: string, kindLabel: RegExp): Promise<string> {
    const dialog = this.page.getByRole('dialog').filter({ has: this.page.getByTestId('detail') });
    await dialog.getByTestId('report-open').click();
    const form = dialog.getByTestId('report-form');
    await form.getByRole('radio', { name: kindLabel }).check();
    await form.getByTestId('report-text').fill(text);
    await form.getByTestId('report-send').click();
    const link = dialog.getByTestId('report-link');
    await link.waitFor();
    return (await link.getAttribute('href')) ?? '';
  }

  async statusShown(): Promise<{ status: string; note: string }> {
    const status = this.page.getByTestId('report-status');
    await status.waitFor();
    return {
      status: (await status.locator('[data-status]').getAttribute('data-status')) ?? '',
      note:
        (await status
          .getByTestId('report-note')
          .textContent()
          .catch(() => '')) ?? '',
    };
  }
}
