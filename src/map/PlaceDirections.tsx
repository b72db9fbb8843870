/**
 * The way from where a list is measured to one of its places, on OpenStreetMap: the button the nearest list and
 * the question's answer both put under a place.
 */
import { Button, Group } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { directionLinks } from '../../domain/directions';
import { t } from '../i18n/words';

export function PlaceDirections({
  place,
  from,
}: {
  place: { Lat: number; Long: number; Name: string };
  from: { lat: number; lon: number };
}) {
  const href = directionLinks({ lat: place.Lat, lon: place.Long }, place.Name, from).find(
    (link) => link.app === 'osm',
  )!.href;
  return (
    <Group justify="flex-end">
      <Button
        component="a"
        size="xs"
        variant="subtle"
        leftSection={<IconRoute size={14} />}
        href={href}
        target="_blank"
        rel="noopener"
        aria-label={t.nearMe.directionsLabel(place.Name)}
      >
        {t.nearMe.directions}
      </Button>
    </Group>
  );
}
