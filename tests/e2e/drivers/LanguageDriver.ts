/** Drives the page's language: what <html> says, what the first paint was, and the toolbar's switch. */
import type { Page } from 'playwright-core';

export class LanguageDriver {
  constructor(readonly page: Page) {}

  /** `lang` and `dir` of <html> now. */
  async html(): Promise<{ lang: string; dir: string }> {
    return this.page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
  }

  /** `lang` and `dir` of <html> as the page was first sent (before any script ran). */
  async sent(baseUrl: string, path: string, cookie = ''): Promise<{ lang: string; dir: string; title: string }> {
    const html = await (await fetch(baseUrl + path, { headers: cookie ? { cookie } : {} })).text();
    const [, lang = '', dir = ''] = /<html lang="([^"]*)" dir="([^"]*)">/.exec(html) ?? [];
    return { lang, dir, title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '' };
  }

  /** The type's title beside the tabs, and whether any of it is cut off (an ellipsis or a clamped line). */
  async typeTitle(): Promise<{ text: string; cutOff: boolean }> {
    return this.page.locator('.type-title').evaluate((el) => {
      // A clamped line shows as content taller than the box by a whole line; glyphs may overhang by a pixel or two.
      const style = getComputedStyle(el);
      const halfLine = (parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2) / 2;
      return {
        text: el.textContent ?? '',
        cutOff: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + halfLine,
      };
    });
  }

  /** Follows the toolbar's link to the other language and waits for the new page. */
  async switchTo(label: string): Promise<void> {
    await Promise.all([
      this.page.waitForEvent('load'),
      this.page.locator('.language-switch', { hasText: label }).click(),
    ]);
    await this.page.waitForSelector('.app');
  }
}
