/**
 * Something built per location type on first use and kept until the data changes (`clear`): concurrent
 * first requests share one build, and a failed build is forgotten so the next request tries again.
 * Given a budget and a weight, it keeps what it has built within the budget by forgetting the least
 * recently used entries (a forgotten entry is simply built again when asked for).
 */
export interface CacheBudget<T> {
  /** The most the kept entries may weigh together (the newest entry is kept even when alone it weighs more). */
  limit: number;
  weigh(value: T): number;
  /** Told when a built entry is forgotten to keep within the limit (to free what lives outside this process's heap). */
  forget?(value: T): void;
}

export class PerTypeCache<T> {
  /** In the order of last use: Map keeps insertion order, and a use re-inserts. */
  private readonly entries = new Map<string, Promise<T>>();
  /** The built entries under a budget, with what each weighs. */
  private readonly weighed = new Map<string, { value: T; weight: number }>();
  private total = 0;

  constructor(
    private readonly build: (typeId: string) => Promise<T>,
    private readonly budget: CacheBudget<T> | null = null,
  ) {}

  get(typeId: string): Promise<T> {
    const key = typeId.toUpperCase();
    const pending = this.entries.get(key);
    if (pending) {
      this.entries.delete(key);
      this.entries.set(key, pending);
      return pending;
    }
    const built = this.build(key);
    this.entries.set(key, built);
    built.then(
      (value) => {
        if (this.entries.get(key) !== built || !this.budget) return;
        const weight = this.budget.weigh(value);
        this.weighed.set(key, { value, weight });
        this.total += weight;
        this.evictOver(this.budget.limit, key);
      },
      () => {
        if (this.entries.get(key) === built) this.entries.delete(key);
      },
    );
    return built;
  }

  /** What the built entries weigh together (0 without a budget). */
  weight(): number {
    return this.total;
  }

  clear(): void {
    this.entries.clear();
    this.weighed.clear();
    this.total = 0;
  }

  private evictOver(limit: number, keep: string): void {
    for (const key of this.entries.keys()) {
      if (this.total <= limit) return;
      const entry = this.weighed.get(key);
      // Entries still building weigh nothing yet; the newest is kept whatever it weighs.
      if (key === keep || entry === undefined) continue;
      this.entries.delete(key);
      this.weighed.delete(key);
      this.total -= entry.weight;
      this.budget?.forget?.(entry.value);
    }
  }
}
