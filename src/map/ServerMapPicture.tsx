/**
 * The server page's picture of the map in the map's box while the interactive map loads (its script, worker,
 * fonts and first data): the box shows the answer rather than an empty sea, and gives way once the map has
 * drawn its data. Nothing moves: the picture fills the box the map already has.
 */
import { useEffect, useRef, useState } from 'react';
import { takeServerPicture } from '../ui/serverPicture';
import { whenMapDrawn } from '../ui/firstScreen';

/** `failed`: the map's data could not be read; the map and its failure notice are shown instead. */
export function ServerMapPicture({ failed }: { failed: boolean }) {
  const [picture] = useState(takeServerPicture);
  const [drawn, setDrawn] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (picture === null) return;
    box.current?.replaceChildren(picture);
    let live = true;
    void whenMapDrawn().then(() => live && setDrawn(true));
    return () => {
      live = false;
    };
  }, [picture]);
  if (picture === null || drawn || failed) return null;
  return <div ref={box} className="server-map-picture" data-testid="server-map-picture" aria-hidden="true" />;
}
