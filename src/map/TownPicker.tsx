/**
 * "Choose my town": a place search (provinces and cities by Persian name) whose choice becomes the origin, or,
 * with its own words, a new site of a what-if plan.
 */
import { useState } from 'react';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useActorRef } from '@xstate/react';
import { useMachineView } from '../ui/useMachineView';
import type { Place } from '../../domain/places';
import { t } from '../i18n/words';
import { placeName } from '../i18n/names';
import { failureText } from '../i18n/failureText';
import { useInspect } from '../inspect/inspector';
import { livePlaceSearchMachine } from './liveMachines';

interface TownPickerWords {
  open: string;
  label: string;
  placeholder: string;
}

export function TownPicker({
  onChoose,
  words = { open: t.nearMe.chooseTown, label: t.nearMe.townLabel, placeholder: t.nearMe.townPlaceholder },
  testId = 'choose-town',
}: {
  onChoose(place: Place): void;
  words?: TownPickerWords;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const search = useActorRef(livePlaceSearchMachine, { inspect: useInspect() });
  const snapshot = useMachineView(search);
  const { query, places, error } = snapshot.context;
  if (!open) {
    return (
      <Button variant="light" leftSection={<IconMapPin size={16} />} onClick={() => setOpen(true)} data-testid={testId}>
        {words.open}
      </Button>
    );
  }
  return (
    <Stack gap={4} data-testid={`${testId}-picker`}>
      <TextInput
        label={words.label}
        placeholder={words.placeholder}
        value={query}
        onChange={(e) => search.send({ type: 'TYPED', text: e.currentTarget.value })}
        autoFocus
      />
      <div role="status" aria-live="polite">
        {snapshot.matches('failed') ? (
          <Text size="sm" c="red.9">
            {failureText(error) ?? t.find.failed}
          </Text>
        ) : snapshot.matches('shown') && places.length === 0 ? (
          <Text size="sm">{t.find.nothing}</Text>
        ) : null}
      </div>
      {places.length > 0 ? (
        <ul className="town-list" aria-label={words.label}>
          {places.map((place) => (
            <li key={`${place.Kind}-${place.Name}-${place.Lat}`}>
              <button type="button" className="marker-list-item" onClick={() => onChoose(place)}>
                <span>{place.Kind === 'province' ? `${t.find.province} ${placeName(place)}` : placeName(place)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </Stack>
  );
}
