/**
 * "Download the data": the whole dataset, the page's type, and the type under the filters in force, each as
 * CSV or GeoJSON of the current dataset version (an address that always means the same rows), with the rows
 * each file holds on its button, and the metadata (the columns' meanings, source, licence).
 */
import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { fromPromise } from 'xstate';
import { DATA_LICENCE, type DownloadFile } from '../../domain/downloads';
import { isFiltered, NO_FILTERS, type Filters } from '../../domain/filters';
import type { LocationType } from '../../domain/locationTypes';
import { downloadsMachine } from '../../machines/downloads';
import { downloadUrl, fetchChanges, fetchChartData, fetchDownloadMetadata } from '../api/gateway';
import { t } from '../i18n/words';
import { typeTitle } from '../i18n/names';
import { formatCount, formatDay } from '../i18n/format';
import { failureText } from '../i18n/failureText';
import { BusyIndicator, FailureAlert } from '../ui/Feedback';
import { useQuery } from '../ui/useQuery';
import { useFilters } from '../url/filters';

/** The latest imports listed under "what changed". */
const CHANGES_SHOWN = 5;

const liveDownloadsMachine = downloadsMachine.provide({
  actors: {
    load: fromPromise(async ({ input, signal }) => {
      const [metadata, rows] = await Promise.all([
        fetchDownloadMetadata(signal),
        isFiltered(input.filters) ? fetchChartData(input.typeId, input.filters, signal) : Promise.resolve(null),
      ]);
      const changes = await fetchChanges(Math.max(0, metadata.Version - CHANGES_SHOWN), signal);
      return { metadata, changes, filtered: rows ? rows.reduce((sum, row) => sum + row.Count, 0) : null };
    }),
  },
});

function FileButtons({ label, rows, links }: { label: string; rows: number; links: Record<string, string> }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={700}>
        {label}: {t.downloads.rows(formatCount(rows))}
      </Text>
      <Group gap="xs">
        {Object.entries(links).map(([name, href]) => (
          <Button
            key={name}
            component="a"
            href={href}
            download
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} />}
          >
            {name}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

function DownloadChoices({ type, filters }: { type: LocationType; filters: Filters }) {
  const query = useQuery(liveDownloadsMachine, { typeId: type.typeId, filters });
  if (query.status === 'failed')
    return <FailureAlert title={t.downloads.failed} message={failureText(query.error) ?? ''} onRetry={query.retry} />;
  const counts = query.shown;
  if (!counts) return <BusyIndicator height={120} />;
  const { metadata, filtered, changes } = counts;
  const files = (route: string | null, chosen: Filters) =>
    Object.fromEntries(
      (['locations.csv', 'locations.geojson'] as DownloadFile[]).map((file) => [
        file.endsWith('csv') ? t.downloads.csv : t.downloads.geojson,
        downloadUrl(metadata.Version, file, route, chosen),
      ]),
    );
  const typeRows = metadata.ByType.find((t) => t.TypeId === type.typeId)?.Count ?? 0;
  return (
    <Stack gap="md" data-testid="download-choices">
      <Text size="sm">{t.downloads.intro(formatCount(metadata.Version), formatDay(metadata.UpdatedAt))}</Text>
      <FileButtons label={t.downloads.all} rows={metadata.Count} links={files(null, NO_FILTERS)} />
      <FileButtons label={t.downloads.type(typeTitle(type))} rows={typeRows} links={files(type.route, NO_FILTERS)} />
      {filtered !== null ? (
        <FileButtons label={t.downloads.filtered(typeTitle(type))} rows={filtered} links={files(type.route, filters)} />
      ) : null}
      <Anchor size="sm" href={downloadUrl(metadata.Version, 'metadata.json', null, NO_FILTERS)} download>
        {t.downloads.metadata}
      </Anchor>
      <Text size="xs" c="dimmed">
        {t.downloads.licence(DATA_LICENCE)}
      </Text>
      <Stack gap={4} data-testid="data-changes">
        <Text size="sm" fw={700}>
          {t.downloads.changesHeading}
        </Text>
        {changes.length === 0 ? (
          <Text size="sm">{t.downloads.noChanges}</Text>
        ) : (
          <ul className="change-list">
            {changes.map((c) => (
              <li key={c.Version}>
                {t.downloads.change(
                  formatDay(c.UpdatedAt) ?? c.UpdatedAt,
                  formatCount(c.Version),
                  formatCount(c.Added),
                  formatCount(c.Removed),
                  formatCount(c.Moved),
                  formatCount(c.Renamed),
                )}
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Stack>
  );
}

/** The dialog itself, loaded the first time the button opens it (DownloadButton.tsx). */
export function DownloadDialog({ type, opened, onClose }: { type: LocationType; opened: boolean; onClose(): void }) {
  const filters = useFilters();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t.downloads.title}
      centered
      closeButtonProps={{ 'aria-label': t.close }}
    >
      {opened ? <DownloadChoices type={type} filters={filters} /> : null}
    </Modal>
  );
}
