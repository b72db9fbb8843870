/**
 * The question in the address (?ask=, src/url/askQuestion.ts) asked and answered once for the map screen: the
 * panel shows the answer (AskPanel.tsx) and the map its places (NearestPins.tsx). When an answer arrives the page
 * and the filters follow its chips (its type's page, its audience's gender filter) and the map frames it.
 */
import { useEffect } from 'react';
import { pathOfRoute, typeById } from '../../domain/locationTypes';
import type { AskResult } from '../../domain/wire/ask';
import type { MapScreenRef } from '../../machines/mapScreen';
import { useQuery } from '../ui/useQuery';
import { followAnswer, useAskInAddress } from '../url/askQuestion';
import { liveAskMachine } from './liveMachines';

/** The box around the answer's locations and where they are measured from (null: nothing to frame). */
function boxOf(result: AskResult) {
  const points = [
    ...result.Locations.map((l) => ({ lat: l.Lat, lon: l.Long })),
    ...(result.From ? [{ lat: result.From.Lat, lon: result.From.Long }] : []),
  ];
  if (points.length === 0) return null;
  const lats = points.map((p) => p.lat);
  const lons = points.map((p) => p.lon);
  return { west: Math.min(...lons), south: Math.min(...lats), east: Math.max(...lons), north: Math.max(...lats) };
}

export function useAskAnswer(screen: MapScreenRef) {
  const asked = useAskInAddress();
  const question = asked?.question ?? null;
  const drop = asked?.drop ?? [];
  // The position is the panel's to give ("use my position"); the question and its removed parts the address's.
  const query = useQuery(liveAskMachine, { question, drop, position: null }, { question, drop });
  const shown = query.shown;
  useEffect(() => {
    if (!shown || question === null) return;
    const route = shown.Understood.Route;
    followAnswer(route === null ? null : pathOfRoute(route), shown.Understood.Audience);
    const box = boxOf(shown.Answer);
    if (box) screen.send({ type: 'FOCUS', focus: { kind: 'box', ...box } });
  }, [shown, screen, question]);
  // A place of the answer, which may lie anywhere: flown to (close enough for its pin) as its detail opens.
  const focusPlace = (place: { guid: string; typeId: string; lat: number; lon: number }) =>
    screen.send({
      type: 'FOCUS',
      focus: {
        kind: 'location',
        guid: place.guid,
        typeId: place.typeId,
        latitude: place.lat,
        longitude: place.lon,
        minZoom: typeById(place.typeId)?.minZoom ?? null,
      },
    });
  // Numbered on the map while the answer is open, in place of a near-me list.
  const places = asked !== null ? (query.answer?.Answer.Locations ?? null) : null;
  return { open: asked !== null, question, query, places, focusPlace };
}

export type AskAnswerState = ReturnType<typeof useAskAnswer>;
