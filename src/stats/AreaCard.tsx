/**
 * Inside an area: a town chosen by name and a radius; what of the type lies within that distance of it (the
 * filters in force). The answer itself is the area feature's view, shared with the area drawn on the map.
 */
import { Group, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { circleRing } from '../../domain/area';
import { COVERAGE_KM } from '../../domain/coverage';
import type { Filters } from '../../domain/filters';
import type { LocationType } from '../../domain/locationTypes';
import type { Place } from '../../domain/places';
import { AreaAnswer, liveAreaMachine } from '../area';
import { t } from '../i18n/words';
import { formatCount } from '../i18n/format';
import { TownPicker } from '../map';
import { ChoiceChips } from '../ui/ChoiceChips';
import { useQuery } from '../ui/useQuery';
import { StatsCardFrame } from './StatsCardFrame';

export function AreaCard({ type, filters }: { type: LocationType; filters: Filters }) {
  const [town, setTown] = useState<Place | null>(null);
  const [km, setKm] = useState<number>(COVERAGE_KM[2]);
  const chosen = useMemo(
    () =>
      town ? { label: t.area.around(formatCount(km), town.Name), ring: circleRing(town.Lat, town.Long, km) } : null,
    [town, km],
  );
  const { actor, status } = useQuery(liveAreaMachine, { typeId: type.typeId, filters, area: chosen });
  const choosing = status === 'waiting';
  return (
    <StatsCardFrame title={t.area.heading} testId="area-card">
      <Stack gap="sm">
        <Group align="end" gap="md" className="no-print">
          <TownPicker onChoose={setTown} />
          <ChoiceChips
            label={t.coverage.distance}
            value={String(km)}
            onChange={(value) => setKm(Number(value))}
            options={COVERAGE_KM.map((k) => ({ value: String(k), label: t.coverage.km(formatCount(k)) }))}
            testId="area-km"
          />
        </Group>
        {choosing ? (
          <Text size="sm" c="dimmed">
            {t.area.help}
          </Text>
        ) : null}
        <AreaAnswer type={type} area={actor} />
      </Stack>
    </StatsCardFrame>
  );
}
