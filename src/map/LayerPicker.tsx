/**
 * Other types on the same map: a map button opening a list of the menu's types to add to the page's (at
 * most MAX_EXTRA_TYPES), each then drawn in its own colour; the choice lives in the address.
 */
import { ActionIcon, Checkbox, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { useId } from 'react';
import { MENU_ENTRIES, type LocationType } from '../../domain/locationTypes';
import { MAX_EXTRA_TYPES } from '../../machines/mapScreen';
import { t } from '../i18n/words';
import { typeTitle } from '../i18n/names';
import { formatCount } from '../i18n/format';
import { pushExtraTypes, useExtraTypes } from '../url/shownTypes';
import { INLINE_START } from '../i18n/language';

export function LayerPicker({ type }: { type: LocationType }) {
  const extras = useExtraTypes(type);
  const title = useId();
  const choices = MENU_ENTRIES.filter((t) => t.typeId !== type.typeId);
  const full = extras.length >= MAX_EXTRA_TYPES;
  return (
    <Popover position="right-start" width={280} shadow="md" trapFocus returnFocus>
      <Tooltip label={t.layers.button} position={INLINE_START}>
        <Popover.Target>
          <ActionIcon variant="default" size="lg" aria-label={t.layers.button} data-testid="layers">
            <IconStack2 size={18} />
          </ActionIcon>
        </Popover.Target>
      </Tooltip>
      <Popover.Dropdown role="dialog" aria-labelledby={title} className="layer-picker" mah="calc(100dvh - 160px)">
        <Stack gap={6}>
          <Text id={title} fw={700} size="sm">
            {t.layers.title(typeTitle(type))}
          </Text>
          <Text size="xs" c="dimmed">
            {t.layers.help(formatCount(MAX_EXTRA_TYPES))}
          </Text>
          {choices.map((choice) => {
            const checked = extras.some((t) => t.typeId === choice.typeId);
            return (
              <Checkbox
                key={choice.typeId}
                label={typeTitle(choice)}
                checked={checked}
                disabled={!checked && full}
                onChange={() =>
                  pushExtraTypes(checked ? extras.filter((t) => t.typeId !== choice.typeId) : [...extras, choice])
                }
              />
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
