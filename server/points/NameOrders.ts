/**
 * The name order of each type's points (nameOrder.ts), asked of a worker the first time a question needs it
 * and kept as long as those points are: points of a new dataset version are new objects, so an order never
 * outlives the data it was computed from. With snapshots, an order some process has already computed for
 * these points is read from its file instead, and one computed here is written for the next start.
 */
import type { SnapshotShelf } from '../snapshots/SnapshotShelf';
import type { WorkerClient } from '../workers/WorkerClient';
import type { IndexRequest } from '../workers/indexWorker';
import type { NameOrder } from './nameOrder';
import { decodeNameOrder, encodeNameOrder } from './nameOrderSnapshot';
import type { TypePoints } from './TypePoints';

export class NameOrders {
  private readonly orders = new WeakMap<TypePoints, Promise<NameOrder>>();

  constructor(
    private readonly worker: WorkerClient<IndexRequest>,
    private readonly snapshots: SnapshotShelf | null = null,
  ) {}

  of(points: TypePoints): Promise<NameOrder> {
    let order = this.orders.get(points);
    if (!order) {
      order = this.orderOf(points);
      // A failed computation is asked again next time rather than kept.
      order.catch(() => this.orders.delete(points));
      this.orders.set(points, order);
    }
    return order;
  }

  private async orderOf(points: TypePoints): Promise<NameOrder> {
    const kept = await this.snapshots?.load(points.typeId, (file) => decodeNameOrder(file, points));
    if (kept) return kept;
    const { parts, transfer } = await points.texts.copyToHandOver();
    const order = await this.worker.call<NameOrder>({ op: 'nameOrder', texts: parts }, transfer);
    // Not awaited: the order serves now; the file is for the next process to start.
    void this.snapshots?.save(points.typeId, encodeNameOrder(order, points));
    return order;
  }
}
