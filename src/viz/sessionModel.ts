import type { SessionAnalysis } from '../core/analyze';
import { perObject } from '../core/perObject';
import { buildOrderModel, type OrderModel } from './orderModel';

/** One order model per session analysis, built on first view. */
export const orderModelOf: (session: SessionAnalysis) => OrderModel = perObject(buildOrderModel);
