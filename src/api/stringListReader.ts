/**
 * Reads a JSON array of strings as its text arrives, handing over every element completed so far, so a
 * long list (300,000 names) can be shown from its first rows while the rest is still on its way. The
 * parsing itself is JSON.parse over whole elements; this only finds where the last whole element ends,
 * jumping from quote to quote (a quote after an odd run of backslashes is inside the string).
 */
export class StringListReader {
  private pending = '';
  /** Where the quote search goes on in `pending`. */
  private scanAt = 0;
  private inString = false;
  private opened = false;

  /** Adds the next piece of text; returns the elements it completed (often none for a short piece). */
  push(text: string): string[] {
    this.pending += text;
    if (!this.opened && !this.open()) return [];
    const end = this.lastCompleteElementEnd();
    if (end < 0) return [];
    const complete = this.pending.slice(0, end + 1);
    this.pending = this.pending.slice(end + 1);
    this.scanAt -= end + 1;
    return parseElements(complete);
  }

  /** The text has all arrived: returns the last elements, or throws if it was not a whole array of strings. */
  end(): string[] {
    if (!this.opened && !this.open()) throw new SyntaxError('the list is empty or not a JSON array');
    if (this.inString) throw new SyntaxError('the list ends inside a string');
    const rest = this.pending.trimEnd();
    if (!rest.endsWith(']')) throw new SyntaxError('the list does not end with ]');
    this.pending = '';
    return parseElements(rest.slice(0, -1));
  }

  /** Drops the opening bracket once it has arrived; false while only whitespace has. */
  private open(): boolean {
    const start = this.pending.trimStart();
    if (start.length === 0) return false;
    if (start[0] !== '[') throw new SyntaxError('the list is not a JSON array');
    this.pending = start.slice(1);
    this.opened = true;
    return true;
  }

  /** The index in `pending` of the closing quote of the last whole string, or -1. */
  private lastCompleteElementEnd(): number {
    let lastEnd = -1;
    let at = this.scanAt;
    for (;;) {
      const quote = this.pending.indexOf('"', at);
      if (quote < 0) break;
      at = quote + 1;
      if (!this.inString) {
        this.inString = true;
      } else if (!escaped(this.pending, quote)) {
        this.inString = false;
        lastEnd = quote;
      }
    }
    this.scanAt = this.pending.length;
    return lastEnd;
  }
}

function escaped(text: string, quote: number): boolean {
  let backslashes = 0;
  for (let i = quote - 1; i >= 0 && text.charCodeAt(i) === 0x5c; i--) backslashes++;
  return backslashes % 2 === 1;
}

/** Elements between separators: whatever came before the first one (a comma, spaces) is dropped. */
function parseElements(text: string): string[] {
  const body = text.replace(/^[\s,]+/, '');
  if (body.length === 0) return [];
  const values: unknown = JSON.parse(`[${body}]`);
  if (!Array.isArray(values) || !values.every((v) => typeof v === 'string'))
    throw new SyntaxError('the list holds something other than names');
  return values as string[];
}
