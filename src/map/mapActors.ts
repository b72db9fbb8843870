/** The map screen's invoked machines as the views hold them. */
import type { ActorRefFrom } from 'xstate';
import type { detailDialogMachine } from '../../machines/detailDialog';
import type { mapDataMachine } from '../../machines/mapData';
import type { nearMeMachine } from '../../machines/nearMe';

export type MapDataRef = ActorRefFrom<typeof mapDataMachine>;
export type DetailDialogRef = ActorRefFrom<typeof detailDialogMachine>;
export type NearMeRef = ActorRefFrom<typeof nearMeMachine>;
