/**
 * The name order of each type's points (nameOrder.ts), asked of a worker the first time a question needs it
 * and kept as long as those points are: points of a new dataset version are new objects, so an order never
 * outlives the data it was computed from.
 */
import type { WorkerClient } from '../workers/WorkerClient';
import type { IndexRequest } from '../workers/indexWorker';
import type { NameOrder } from './nameOrder';
import type { TypePoints } from './TypePoints';

export class NameOrders {
  private readonly orders = new WeakMap<TypePoints, Promise<NameOrder>>();

  constructor(private readonly worker: WorkerClient<IndexRequest>) {}

  of(points: TypePoints): Promise<NameOrder> {
    let order = this.orders.get(points);
    if (!order) {
      order = this.worker.call<NameOrder>({ op: 'nameOrder', texts: points.texts.parts() });
      // A failed computation is asked again next time rather than kept.
      order.catch(() => this.orders.delete(points));
      this.orders.set(points, order);
    }
    return order;
  }
}
