/**
 * What a printed map says under its picture, as a map on paper must: what its pins and circles are, the
 * basemap's credits (the map's own credit control is not printed) and the day it was printed. The credits and
 * the day are written as printing starts, like the picture itself.
 */
import { useEffect, useRef } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { t } from '../i18n/words';
import { formatDay } from '../i18n/format';
import { usePlanInAddress } from '../url/whatIfPlan';
import { planCaptionLine } from './PlanLayer';

export function PrintNotes({ typeTitle, mapRef }: { typeTitle: string; mapRef: React.RefObject<MapRef | null> }) {
  const credits = useRef<HTMLParagraphElement>(null);
  const printed = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const write = () => {
      const container = mapRef.current?.getMap().getContainer();
      const attribution = container?.querySelector('.maplibregl-ctrl-attrib-inner')?.textContent?.trim();
      if (credits.current) credits.current.textContent = attribution ? t.mapPrint.credits(attribution) : '';
      if (printed.current)
        printed.current.textContent = t.mapPrint.printedOn(formatDay(new Date().toISOString()) ?? '');
    };
    window.addEventListener('beforeprint', write);
    return () => window.removeEventListener('beforeprint', write);
  }, [mapRef]);
  const plan = usePlanInAddress();
  return (
    <div className="print-only map-print-notes" data-testid="map-print-notes">
      <p>{t.mapPrint.pins(typeTitle)}</p>
      <p>{t.mapPrint.bubbles}</p>
      {plan ? <p>{planCaptionLine(plan)}</p> : null}
      <p ref={credits} />
      <p ref={printed} />
    </div>
  );
}
