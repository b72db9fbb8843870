/**
 * Something built per location type on first use and kept until the data changes (`clear`): concurrent
 * first requests share one build, and a failed build is forgotten so the next request tries again.
 * Given a budget and a weight, it keeps what it has built within the budget by forgetting the least
 * recently used entries (a forgotten entry is simply built again when asked for).
 * What a build needs beyond its key (the filters of a filtered entry) is handed to `get` as its context and on
 * to the build, never kept beside the cache: kept in a map by key, it outlived every entry the budget forgot.
 * An entry keyed by something a client chooses (its filters) has a budget: any text is a filter value, so the
 * keys are without end.
 */
/**
 * The budget of each cache of answers' parts by type and filters (coverage's distances, equity's counts): some
 * thousands of filter sets each, where a visitor's filters are a handful, and a client sending new filter values
 * without end stays within it (before, 4,000 such requests grew the process by 74 and 238 MB).
 */
export const DERIVED_BY_FILTERS_BYTES = 32 * 1024 * 1024;

export interface CacheBudget<T> {
  /** The most the kept entries may weigh together (the newest entry is kept even when alone it weighs more). */
  limit: number;
  weigh(value: T): number;
  /** Told when a built entry is forgotten to keep within the limit (to free what lives outside this process's heap). */
  forget?(value: T): void;
}

export class PerTypeCache<T, C = void> {
  /** In the order of last use: Map keeps insertion order, and a use re-inserts. */
  private readonly entries = new Map<string, Promise<T>>();
  /** The built entries under a budget, with what each weighs. */
  private readonly weighed = new Map<string, { value: T; weight: number }>();
  private total = 0;

  constructor(
    private readonly build: (typeId: string, context: C) => Promise<T>,
    private readonly budget: CacheBudget<T> | null = null,
  ) {}

  get(typeId: string, context: C): Promise<T> {
    const key = typeId.toUpperCase();
    const pending = this.entries.get(key);
    if (pending) {
      this.entries.delete(key);
      this.entries.set(key, pending);
      return pending;
    }
    const built = this.build(key, context);
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
