/** The area machines wired to the real gateway call of src/api. */
import { fromPromise } from 'xstate';
import { areaMachine } from '../../machines/area';
import { areaDrawingMachine } from '../../machines/areaDrawing';
import { fetchArea } from '../api/gateway';

export const liveAreaMachine = areaMachine.provide({
  actors: {
    loadArea: fromPromise(({ input, signal }) => fetchArea(input.typeId, input.ring, input.filters, signal)),
  },
});

export const liveAreaDrawingMachine = areaDrawingMachine.provide({ actors: { area: liveAreaMachine } });
