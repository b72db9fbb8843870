/**
 * Inside an area: a town chosen by name and a radius; what of the type lies within that distance of it (the
 * filters in force). The answer itself is the area feature's view, shared with the area drawn on the map.
 */
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { circleRing } from '../../domain/area';
import { COVERAGE_KM } from '../../domain/coverage';
import type { Filters } from '../../domain/filters';
import type { LocationType } from '../../domain/locationTypes';
import type { Place } from '../../domain/places';
import { AreaAnswer, liveAreaMachine } from '../area';
import { t } from '../i18n/words';
import { formatCount } from '../i18n/format';
import { useInspect } from '../inspect/inspector';
import { TownPicker } from '../map';
import { ChoiceChips } from '../ui/ChoiceChips';

export function AreaCard({ type, filters }: { type: LocationType; filters: Filters }) {
  const actor = useActorRef(liveAreaMachine, { input: { typeId: type.typeId, filters }, inspect: useInspect() });
  useEffect(() => actor.send({ type: 'FILTERS_CHANGED', filters }), [actor, filters]);
  const choosing = useSelector(actor, (s) => s.matches('choosing'));
  const [town, setTown] = useState<Place | null>(null);
  const [km, setKm] = useState<number>(COVERAGE_KM[2]);
  useEffect(() => {
    if (town)
      actor.send({
        type: 'AREA_CHOSEN',
        area: { label: t.area.around(formatCount(km), town.Name), ring: circleRing(town.Lat, town.Long, km) },
      });
  }, [actor, town, km]);
  return (
    <Paper withBorder radius="md" p="sm" className="chart-card" data-testid="area-card">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t.area.heading}
        </Title>
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
    </Paper>
  );
}
