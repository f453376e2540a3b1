import { queryOptions, useQuery } from '@tanstack/react-query';
import { errorCatalogue, isFinalOrderStatus, ZOrder, type TOrder } from '@cypher/contract';
import { ApiError } from '../../../api/api-error.ts';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** How often the status page asks while the order is pending (the provider's webhook decides card and Tilia orders). */
export const ORDER_POLL_MS = 2_000;
/** Once the hold has passed this long ago, the timeout job is late: ask less often, but keep asking. */
export const ORDER_SLOW_POLL_MS = 10_000;
const ORDER_LATE_AFTER_MS = 60_000;

// Order ids are UUIDs. An address with anything else (a mistyped or cut link) names no order: it is not found, as
// the API says of an unknown id, rather than the API's "the information sent is not valid" about the path.
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `GET /v1/orders/{id}`: one of my orders, with its status and, once paid, its receipt. */
async function getOrder(id: string, signal?: AbortSignal): Promise<TOrder> {
  if (!ORDER_ID.test(id)) throw new ApiError(404, 'ORDER_NOT_FOUND', errorCatalogue.ORDER_NOT_FOUND.message);
  return ZOrder.parse(await apiRequest('GET', `/orders/${encodeURIComponent(id)}`, { auth: true, signal }));
}

function orderQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.orders.detail(id), queryFn: ({ signal }) => getOrder(id, signal) });
}

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}

/** The poll interval for an order as it stands: none once final (or failed to load), slower once the hold is long past. */
function orderPollInterval(order: TOrder | undefined, now = Date.now()): number | false {
  if (!order) return ORDER_POLL_MS;
  if (isFinalOrderStatus(order.status)) return false;
  const holdEnds = order.holdExpiresAt ? Date.parse(order.holdExpiresAt) : null;
  return holdEnds !== null && now - holdEnds > ORDER_LATE_AFTER_MS ? ORDER_SLOW_POLL_MS : ORDER_POLL_MS;
}

/**
 * The status page's read: asked again every few seconds while PENDING, never on window focus (spec section 7),
 * and not at all once the order is final. A first read that failed (no such order, a cut link) is not asked again by
 * itself; a later one that failed (the network, a busy minute) leaves the last answer on screen and asks again, less
 * often, since the payment is still being decided.
 */
export function useOrderStatus(id: string) {
  return useQuery({
    ...orderQueryOptions(id),
    refetchOnWindowFocus: false,
    refetchInterval: (query) => {
      const { data, status } = query.state;
      if (status !== 'error') return orderPollInterval(data);
      if (data === undefined) return false;
      return orderPollInterval(data) === false ? false : ORDER_SLOW_POLL_MS;
    },
  });
}
