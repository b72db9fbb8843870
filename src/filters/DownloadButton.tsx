/** The toolbar's "download the data" button; its dialog (DownloadDialog.tsx) loads the first time it opens. */
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { LocationType } from '../../domain/locationTypes';
import { t } from '../i18n/words';
import { OnDemand, preloadAfterFirstScreen } from '../ui/OnDemand';
import { useBackStep } from '../url/backStep';

const loadDownloadDialog = () => import('./DownloadDialog').then((m) => ({ default: m.DownloadDialog }));
preloadAfterFirstScreen(loadDownloadDialog);

export function DownloadButton({ type }: { type: LocationType }) {
  const [opened, setOpened] = useState(false);
  useBackStep(opened, () => setOpened(false));
  return (
    <>
      <Tooltip label={t.downloads.button}>
        <ActionIcon
          variant="subtle"
          size="lg"
          className="download-button no-print"
          aria-label={t.downloads.button}
          onClick={() => setOpened(true)}
          data-testid="download-data"
        >
          <IconDownload size={18} />
        </ActionIcon>
      </Tooltip>
      <OnDemand load={loadDownloadDialog} shown={opened} props={{ type, opened, onClose: () => setOpened(false) }} />
    </>
  );
}
