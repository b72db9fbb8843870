/**
 * Inside an area: a town chosen by name and a radius; what of the type lies within that distance of it (the
 * filters in force), by gender, with the names, and the locations themselves as CSV or GeoJSON.
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { circleRing } from '../../domain/area';
import { COVERAGE_KM } from '../../domain/coverage';
import type { Filters } from '../../domain/filters';
import type { LocationType } from '../../domain/locationTypes';
import type { Place } from '../../domain/places';
import { fetchAreaFile } from '../api/gateway';
import { fa, formatCount } from '../i18n/fa';
import { failureText } from '../i18n/failureText';
import { useInspect } from '../inspect/inspector';
import { TownPicker } from '../map';
import { ChoiceChips } from '../ui/ChoiceChips';
import { BusyIndicator, FailureAlert } from '../ui/Feedback';
import { download } from './exportChart';
import { liveAreaMachine } from './liveMachines';

/** Names listed under the counts; the files hold them all. */
const NAMES_SHOWN = 12;

export function AreaCard({ type, filters }: { type: LocationType; filters: Filters }) {
  const actor = useActorRef(liveAreaMachine, { input: { typeId: type.typeId, filters }, inspect: useInspect() });
  useEffect(() => actor.send({ type: 'FILTERS_CHANGED', filters }), [actor, filters]);
  const snapshot = useSelector(actor, (s) => s);
  const { area, answer, error } = snapshot.context;
  const [town, setTown] = useState<Place | null>(null);
  const [km, setKm] = useState<number>(COVERAGE_KM[2]);
  useEffect(() => {
    if (town)
      actor.send({
        type: 'AREA_CHOSEN',
        area: { label: fa.area.around(formatCount(km), town.Name), ring: circleRing(town.Lat, town.Long, km) },
      });
  }, [actor, town, km]);
  const save = async (format: 'csv' | 'geojson') => {
    if (!area) return;
    const file = await fetchAreaFile(type.typeId, area.ring, filters, format);
    download(file, `area-${type.route}.${format}`);
  };
  return (
    <Paper withBorder radius="md" p="sm" className="chart-card" data-testid="area-card">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {fa.area.heading}
        </Title>
        <Group align="end" gap="md" className="no-print">
          <TownPicker onChoose={setTown} />
          <ChoiceChips
            label={fa.coverage.distance}
            value={String(km)}
            onChange={(value) => setKm(Number(value))}
            options={COVERAGE_KM.map((k) => ({ value: String(k), label: fa.coverage.km(formatCount(k)) }))}
            testId="area-km"
          />
        </Group>
        {snapshot.matches('choosing') ? (
          <Text size="sm" c="dimmed">
            {fa.area.help}
          </Text>
        ) : null}
        {snapshot.matches('failed') ? (
          <FailureAlert
            title={fa.area.failed}
            message={failureText(error) ?? ''}
            onRetry={() => actor.send({ type: 'RETRY' })}
          />
        ) : null}
        {snapshot.matches('loading') ? <BusyIndicator height={80} /> : null}
        {snapshot.matches('shown') && answer && area ? (
          <Stack gap={4} data-testid="area-answer">
            <Text fw={700}>{fa.area.count(area.label, formatCount(answer.Count), type.titleFa)}</Text>
            {answer.ByGender.length > 0 ? (
              <Text size="sm">
                {answer.ByGender.map((g) => `${g.Value || fa.filters.blank}: ${formatCount(g.Count)}`).join('، ')}
              </Text>
            ) : null}
            {answer.Names.length > 0 ? (
              <Text size="sm" c="dimmed" data-testid="area-names">
                {answer.Names.slice(0, NAMES_SHOWN).join('، ')}
                {answer.Count > NAMES_SHOWN ? ` ${fa.area.more(formatCount(answer.Count - NAMES_SHOWN))}` : ''}
              </Text>
            ) : null}
            {answer.Count > 0 ? (
              <Group gap="xs" className="no-print">
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconFileSpreadsheet size={14} />}
                  onClick={() => void save('csv')}
                >
                  {fa.area.csv}
                </Button>
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconFileSpreadsheet size={14} />}
                  onClick={() => void save('geojson')}
                >
                  {fa.area.geojson}
                </Button>
              </Group>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
