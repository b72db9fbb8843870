/** Page problems a browser test did not expect; the browser itself is launched by tools/browser/launch.ts. */
import type { Page } from 'playwright-core';

export { launchBrowser, launchTestBrowser } from '../../tools/browser/launch';

/**
 * Everything that went wrong in a page that a test did not say it expects: uncaught errors, console
 * errors (CSP violations are reported there too), failed requests and HTTP error answers.
 */
export class PageProblems {
  private readonly seen: string[] = [];
  private readonly expected: RegExp[] = [];

  constructor(page: Page) {
    page.on('pageerror', (error) => this.add(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') this.add(`console.error: ${message.text()}`);
    });
    page.on('requestfailed', (request) => {
      const failure = request.failure()?.errorText ?? 'failed';
      // A request the app aborted on purpose (a newer map move replaced it) is not a problem.
      if (failure !== 'net::ERR_ABORTED') this.add(`requestfailed: ${request.method()} ${request.url()} ${failure}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400)
        this.add(`http ${response.status()}: ${response.request().method()} ${response.url()}`);
    });
  }

  /** Declares problems this test provokes on purpose (matched against the lines above). */
  expect(pattern: RegExp): void {
    this.expected.push(pattern);
  }

  private add(line: string): void {
    this.seen.push(line);
  }

  unexpected(): string[] {
    return this.seen.filter((line) => !this.expected.some((pattern) => pattern.test(line)));
  }
}
