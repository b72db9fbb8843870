/** The area machines wired to the real gateway call of src/api. */
import { fromPromise } from 'xstate';
import { areaMachine } from '../../machines/area';
import { areaDrawingMachine } from '../../machines/areaDrawing';
import { fetchArea } from '../api/gateway';

export const liveAreaMachine = areaMachine.provide({
  actors: {
    // The machine asks only once an area is chosen.
    load: fromPromise(({ input, signal }) => fetchArea(input.typeId, input.area!.ring, input.filters, signal)),
  },
});

export const liveAreaDrawingMachine = areaDrawingMachine.provide({ actors: { area: liveAreaMachine } });
