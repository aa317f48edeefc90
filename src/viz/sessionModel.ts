import type { SessionAnalysis } from '../core/analyze';
import { buildOrderModel, type OrderModel } from './orderModel';

const cache = new WeakMap<SessionAnalysis, OrderModel>();

/** One order model per session analysis, built on first view. */
export function orderModelOf(session: SessionAnalysis): OrderModel {
  let m = cache.get(session);
  if (!m) {
    m = buildOrderModel(session);
    cache.set(session, m);
  }
  return m;
}
