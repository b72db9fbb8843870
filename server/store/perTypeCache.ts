/**
 * Something built per location type on first use and kept until the data changes (`clear`): concurrent
 * first requests share one build, and a failed build is forgotten so the next request tries again.
 */
export class PerTypeCache<T> {
  private readonly entries = new Map<string, Promise<T>>();

  constructor(private readonly build: (typeId: string) => Promise<T>) {}

  get(typeId: string): Promise<T> {
    const key = typeId.toUpperCase();
    let pending = this.entries.get(key);
    if (!pending) {
      pending = this.build(key);
      pending.catch(() => this.entries.delete(key));
      this.entries.set(key, pending);
    }
    return pending;
  }

  clear(): void {
    this.entries.clear();
  }
}
