/**
 * What the statistics tab shows while it loads: the statistics the server's page showed, if the app took one over
 * (src/ui/serverPicture.ts), else the usual busy sign. The same figures, so nothing a visitor read changes under
 * them until the tab's own charts replace them.
 */
import { useEffect, useRef } from 'react';
import { serverFigures } from './serverPicture';
import { BusyIndicator } from './Feedback';

export function ServerFigures() {
  const kept = serverFigures();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (kept) box.current?.replaceChildren(kept);
  }, [kept]);
  return kept ? <div ref={box} aria-busy="true" /> : <BusyIndicator />;
}
