/**
 * The list dialog's names of one type in one province (or all), as the JSON the route answers, sorted once
 * per dataset version and kept: the All list of a large type is hundreds of thousands of names, too many to
 * read and sort on every opening. The store gives them in its Persian sort key's order, so the final sort by
 * the spec's collation has little left to move.
 */
import { compareNames } from '../../domain/text';
import type { LocationStore } from '../store/LocationStore';
import { PerTypeCache } from '../store/perTypeCache';

const SEPARATOR = '|';

export class NameLists {
  private readonly lists = new PerTypeCache((key) => this.build(key));

  constructor(private readonly store: LocationStore) {}

  /** `provinceIso` null: every province. */
  get(typeId: string, provinceIso: string | null): Promise<Buffer> {
    return this.lists.get(`${typeId}${SEPARATOR}${provinceIso ?? ''}`);
  }

  /** Forgets every list: the data they were read from has changed. */
  clear(): void {
    this.lists.clear();
  }

  private async build(key: string): Promise<Buffer> {
    const [typeId, provinceIso] = key.split(SEPARATOR) as [string, string];
    const names = await this.store.namesOf(typeId, provinceIso === '' ? null : provinceIso);
    return Buffer.from(JSON.stringify(names.sort(compareNames)));
  }
}
