/**
 * Drawing an area on the map and what lies inside it: the drawing machine (with its area machine) held for the
 * map, the layers it draws, and the panel with its buttons. Clicks on the map add corners while drawing; the
 * panel's "add the map's centre" does the same from the keyboard, and Escape leaves.
 */
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMachineView } from '../ui/useMachineView';
import { useEffect, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { AREA_MAX_VERTICES } from '../../domain/area';
import type { Filters } from '../../domain/filters';
import type { LocationType } from '../../domain/locationTypes';
import type { areaMachine } from '../../machines/area';
import { AreaAnswer, liveAreaDrawingMachine } from '../area';
import { t } from '../i18n/words';
import { formatCount } from '../i18n/format';
import { useInspect } from '../inspect/inspector';
import { areaLayers } from './areaLayers';
import { useRingInAddress, writeRing } from '../url/drawnArea';

export type AreaDrawingRef = ReturnType<typeof useAreaDrawing>['actor'];

export function useAreaDrawing(type: LocationType, filters: Filters) {
  const actor = useActorRef(liveAreaDrawingMachine, {
    input: { typeId: type.typeId, filters, label: t.area.drawn },
    inspect: useInspect(),
  });
  useEffect(() => actor.send({ type: 'FILTERS_CHANGED', filters }), [actor, filters]);
  const drawing = useSelector(actor, (s) => s.matches('drawing'));
  const closed = useSelector(actor, (s) => s.matches('closed'));
  const vertices = useSelector(actor, (s) => s.context.vertices);
  // A finished area is kept in the address; an address naming one opens with it drawn and answered.
  const linked = useRingInAddress();
  useEffect(() => {
    if (linked) actor.send({ type: 'SHOW_RING', vertices: linked });
  }, [actor, linked]);
  useEffect(() => writeRing(closed ? vertices : null), [closed, vertices]);
  const layers = useMemo(() => areaLayers(vertices, closed), [vertices, closed]);
  useEffect(() => {
    if (!drawing && !closed) return;
    const leave = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) actor.send({ type: 'CANCEL' });
    };
    document.addEventListener('keydown', leave);
    return () => document.removeEventListener('keydown', leave);
  }, [actor, drawing, closed]);
  return {
    actor,
    /** Clicks on the map add corners (and open no marker). */
    drawing,
    layers,
    addCorner: (lon: number, lat: number) => actor.send({ type: 'ADD_VERTEX', lon, lat }),
  };
}

export function AreaDrawPanel({
  type,
  actor,
  centre,
}: {
  type: LocationType;
  actor: AreaDrawingRef;
  /** The map's centre now, for a corner added from the keyboard. */
  centre(): { lon: number; lat: number } | null;
}) {
  const snapshot = useMachineView(actor);
  const area = useSelector(actor, (s) => s.children['area'] as ActorRefFrom<typeof areaMachine> | undefined);
  if (snapshot.matches('idle')) return null;
  const { vertices, refusal } = snapshot.context;
  return (
    <Paper className="area-draw-panel" shadow="md" radius="md" p="sm" data-testid="area-draw-panel">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={2} size="h6">
            {t.area.drawHeading}
          </Title>
          <Text size="xs" c="dimmed" data-testid="area-vertices">
            {t.area.vertices(formatCount(vertices.length))}
          </Text>
        </Group>
        {snapshot.matches('drawing') ? (
          <>
            <Text size="sm">{t.area.drawHelp}</Text>
            <div role="status" aria-live="polite">
              {refusal ? (
                <Alert color="orange" p="xs" data-testid="area-refusal">
                  {refusal === 'many' ? t.area.refusal.many(formatCount(AREA_MAX_VERTICES)) : t.area.refusal[refusal]}
                </Alert>
              ) : null}
            </div>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  const at = centre();
                  if (at) actor.send({ type: 'ADD_VERTEX', ...at });
                }}
              >
                {t.area.addCentre}
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={vertices.length === 0}
                onClick={() => actor.send({ type: 'UNDO' })}
              >
                {t.area.undo}
              </Button>
              <Button size="xs" onClick={() => actor.send({ type: 'FINISH' })} data-testid="area-finish">
                {t.area.finish}
              </Button>
            </Group>
          </>
        ) : null}
        {area ? <AreaAnswer type={type} area={area} /> : null}
        <Group gap="xs">
          {snapshot.matches('closed') ? (
            <Button size="xs" variant="default" onClick={() => actor.send({ type: 'REDRAW' })}>
              {t.area.redraw}
            </Button>
          ) : null}
          <Button size="xs" variant="subtle" onClick={() => actor.send({ type: 'CANCEL' })}>
            {t.area.cancel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
