/**
 * What an area machine found inside its area: the count, the split by gender, the first names, and the
 * locations themselves as CSV or GeoJSON (the server's files, under the same filters); loading and failure
 * (with a retry) in between. Shared by the statistics' town-and-radius card and the area drawn on the map.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { ActorRefFrom } from 'xstate';
import type { LocationType } from '../../domain/locationTypes';
import type { areaMachine } from '../../machines/area';
import { fetchAreaFile } from '../api/gateway';
import { t } from '../i18n/words';
import { typeTitle } from '../i18n/names';
import { formatCount } from '../i18n/format';
import { failureText } from '../i18n/failureText';
import { download } from '../ui/download';
import { BusyIndicator, FailureAlert } from '../ui/Feedback';
import { useQueryState } from '../ui/useQuery';

/** Names listed under the counts; the files hold them all. */
const NAMES_SHOWN = 12;

export function AreaAnswer({ type, area: actor }: { type: LocationType; area: ActorRefFrom<typeof areaMachine> }) {
  const query = useQueryState(actor);
  const { shown: answer, error } = query;
  const { area, filters } = query.scope;
  const save = async (format: 'csv' | 'geojson') => {
    if (!area) return;
    const file = await fetchAreaFile(type.typeId, area.ring, filters, format);
    download(file, `area-${type.route}.${format}`);
  };
  if (query.status === 'failed')
    return <FailureAlert title={t.area.failed} message={failureText(error) ?? ''} onRetry={query.retry} />;
  if (query.status === 'loading') return <BusyIndicator height={80} />;
  if (!answer || !area) return null;
  return (
    <Stack gap={4} data-testid="area-answer" aria-live="polite">
      <Text fw={700}>{t.area.count(area.label, formatCount(answer.Count), typeTitle(type))}</Text>
      {answer.ByGender.length > 0 ? (
        <Text size="sm">
          {answer.ByGender.map((g) => `${g.Value || t.filters.blank}: ${formatCount(g.Count)}`).join(t.listSeparator)}
        </Text>
      ) : null}
      {answer.Names.length > 0 ? (
        <Text size="sm" c="dimmed" data-testid="area-names">
          {answer.Names.slice(0, NAMES_SHOWN).join(t.listSeparator)}
          {answer.Count > NAMES_SHOWN ? ` ${t.area.more(formatCount(answer.Count - NAMES_SHOWN))}` : ''}
        </Text>
      ) : null}
      {answer.Count > 0 ? (
        <Group gap="xs" className="no-print">
          {(['csv', 'geojson'] as const).map((format) => (
            <Button
              key={format}
              variant="light"
              size="xs"
              leftSection={<IconFileSpreadsheet size={14} />}
              onClick={() => void save(format)}
            >
              {t.area[format]}
            </Button>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
