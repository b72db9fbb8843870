import type { LocationType } from '../domain/locationTypes';

export function StatsTab({ type }: { type: LocationType }) {
  return <div data-testid="stats" data-type={type.typeId} />;
}
