import { isPlanId, planIds } from "~/content/plans";
import { isoTime, nowMilliseconds } from "../clock.server";
import { serverEnv } from "../env.server";
import type { SubscriptionState } from "./subscription-state.server";
import type { CustomersRow, SubscriptionsRow } from "../data/rows.server";

// The D1 repository of customers and subscriptions. Writes are statements the caller batches, so
// a webhook can apply its event and record it as processed in one transaction. Every statement
// takes an optional claim: it then only writes if this request inserted the event's
// processed_events row (see webhook.server.ts), which makes redeliveries change nothing.

export type EventClaim = { eventId: string; token: string };

/** A subscription as a read returns it: the state, without when it was observed. */
export type StoredSubscription = Omit<SubscriptionState, "observedAt">;

function db(): D1Database {
  return serverEnv().DB;
}

function guard(claim: EventClaim | undefined): { sql: string; binds: string[] } {
  return claim
    ? { sql: "EXISTS (SELECT 1 FROM processed_events WHERE id = ? AND claim = ?)", binds: [claim.eventId, claim.token] }
    : { sql: "1", binds: [] };
}

// Within one second Stripe often sends several events for one subscription; a lifecycle only moves
// forward (incomplete → active → canceled), so on a tie the further-along status wins.
const statusRank = (column: string) =>
  `CASE ${column} WHEN 'incomplete' THEN 0 WHEN 'canceled' THEN 2 WHEN 'incomplete_expired' THEN 2 ELSE 1 END`;

const newerThanStored = (incomingAt: string, incomingStatus: string) =>
  `(${incomingAt} > subscriptions.last_event_at OR (${incomingAt} = subscriptions.last_event_at AND ${statusRank(incomingStatus)} >= ${statusRank("subscriptions.status")}))`;

/**
 * Inserts or updates the customer. `account` binds it to that account (a signed-in buyer's verified
 * checkout); a binding is never moved to another account, and an erased customer gets none.
 */
export function upsertCustomer(
  customer: { id: string; email?: string | null; account?: string | null },
  claim?: EventClaim,
): D1PreparedStatement {
  const { sql, binds } = guard(claim);
  return db()
    .prepare(
      `INSERT INTO customers (id, email, account_email, created_at) SELECT ?, ?, ?, ? WHERE ${sql}
       ON CONFLICT (id) DO UPDATE SET
         email = CASE WHEN customers.erased_at IS NULL THEN COALESCE(excluded.email, customers.email) END,
         account_email = CASE WHEN customers.erased_at IS NULL THEN COALESCE(customers.account_email, excluded.account_email) END`,
    )
    .bind(customer.id, customer.email ?? null, customer.account ?? null, Math.floor(Date.now() / 1000), ...binds);
}

/** Binds an unbound, live customer to the account: the use of the link mailed to the customer's address. */
export async function bindCustomer(customerId: string, account: string): Promise<void> {
  await db()
    .prepare("UPDATE customers SET account_email = ? WHERE id = ? AND account_email IS NULL AND erased_at IS NULL")
    .bind(account, customerId)
    .run();
}

/** Inserts or updates the subscription unless the stored state comes from a newer event. */
export function upsertSubscription(state: SubscriptionState, claim?: EventClaim): D1PreparedStatement {
  const { sql, binds } = guard(claim);
  return db()
    .prepare(
      `INSERT INTO subscriptions
         (id, customer_id, plan_id, status, current_period_start, current_period_end, cancel_at_period_end, last_event_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE ${sql}
       ON CONFLICT (id) DO UPDATE SET
         customer_id = excluded.customer_id,
         plan_id = excluded.plan_id,
         status = excluded.status,
         current_period_start = COALESCE(excluded.current_period_start, subscriptions.current_period_start),
         current_period_end = COALESCE(excluded.current_period_end, subscriptions.current_period_end),
         cancel_at_period_end = excluded.cancel_at_period_end,
         last_event_at = excluded.last_event_at
       WHERE ${newerThanStored("excluded.last_event_at", "excluded.status")}`,
    )
    .bind(
      state.id,
      state.customerId,
      state.planId,
      state.status,
      state.currentPeriodStart,
      state.currentPeriodEnd,
      state.cancelAtPeriodEnd ? 1 : 0,
      state.observedAt,
      ...binds,
    );
}

/**
 * An invoice event changes the status (and period) of a subscription we already know; it carries
 * no plan, so it never creates one. An ended subscription stays ended.
 */
export function updateSubscriptionFromInvoice(
  update: {
    subscriptionId: string;
    status: "active" | "past_due";
    periodStart: number | null;
    periodEnd: number | null;
    observedAt: number;
  },
  claim?: EventClaim,
): D1PreparedStatement {
  const { sql, binds } = guard(claim);
  return db()
    .prepare(
      `UPDATE subscriptions SET
         status = CASE WHEN status IN ('canceled', 'incomplete_expired') THEN status ELSE ? END,
         current_period_start = COALESCE(?, current_period_start),
         current_period_end = COALESCE(?, current_period_end),
         last_event_at = ?
       WHERE id = ? AND ${newerThanStored("?", "?")} AND ${sql}`,
    )
    .bind(
      update.status,
      update.periodStart,
      update.periodEnd,
      update.observedAt,
      update.subscriptionId,
      // newerThanStored's placeholders, in the order they appear: time, time, status.
      update.observedAt,
      update.observedAt,
      update.status,
      ...binds,
    );
}

/**
 * The checkout's customer and subscription, as the success page verified them with Stripe, bound to
 * `account` when a signed-in buyer paid. `erased` says the customer's account was deleted since
 * (migration 0006): the page must not sign anyone in.
 */
export async function recordVerifiedCheckout(
  customer: { id: string; email?: string | null },
  state: SubscriptionState,
  account: string | null,
): Promise<{ erased: boolean }> {
  const erasedCheck = db().prepare("SELECT erased_at FROM customers WHERE id = ?").bind(customer.id);
  const [, , check] = await db().batch<{ erased_at: number | null }>([
    upsertCustomer({ ...customer, account }),
    upsertSubscription(state),
    erasedCheck,
  ]);
  return { erased: check?.results[0]?.erased_at != null };
}

type SubscriptionRow = Pick<
  SubscriptionsRow,
  "id" | "customer_id" | "plan_id" | "status" | "current_period_start" | "current_period_end" | "cancel_at_period_end"
>;

// Of two live subscriptions the account gets the higher plan; ended ones are ranked by time alone.
const entitled = "status IN ('active', 'trialing')";
const livePlanRank = `CASE WHEN ${entitled} THEN (CASE plan_id ${planIds.map((id, index) => `WHEN '${id}' THEN ${index + 1}`).join(" ")} ELSE 0 END) ELSE 0 END`;

/**
 * The account's subscription that matters now, among those of the customers bound to it: an active
 * one first (the highest plan, then the newest), else the most recent. Never a subscription someone
 * else paid for with the same address: that one counts only once its mailed link is used.
 */
export async function findCurrentSubscription(email: string): Promise<StoredSubscription | undefined> {
  const row = await db()
    .prepare(
      `SELECT id, customer_id, plan_id, status, current_period_start, current_period_end, cancel_at_period_end
       FROM subscriptions WHERE customer_id IN (SELECT id FROM customers WHERE account_email = ?)
       ORDER BY ${entitled} DESC, ${livePlanRank} DESC, last_event_at DESC LIMIT 1`,
    )
    .bind(email)
    .first<SubscriptionRow>();
  if (!row || !isPlanId(row.plan_id)) return undefined;
  return {
    id: row.id,
    customerId: row.customer_id,
    planId: row.plan_id,
    status: row.status,
    currentPeriodStart: row.current_period_start,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
  };
}

/** The Stripe customer a new checkout of the account lands on: that of the plan shown, else its newest bound one. */
export async function findCustomerId(email: string): Promise<string | undefined> {
  const current = await findCurrentSubscription(email);
  if (current) return current.customerId;
  const row = await db()
    .prepare("SELECT id FROM customers WHERE account_email = ? ORDER BY created_at DESC LIMIT 1")
    .bind(email)
    .first<Pick<CustomersRow, "id">>();
  return row?.id;
}

/** Every Stripe customer of the address as D1 knows them: bound to the account, or carrying the address in any spelling. */
export async function knownCustomersOf(email: string): Promise<{ id: string; email: string | null }[]> {
  const { results } = await db()
    .prepare("SELECT id, email FROM customers WHERE account_email = ?1 OR lower(email) = ?1")
    .bind(email)
    .all<Pick<CustomersRow, "id" | "email">>();
  return results;
}

/** The subscriptions of the customers bound to the account (decision 055): not a stranger's purchase typed with its address. */
export async function exportedSubscriptions(email: string) {
  const { results: rows } = await db()
    .prepare(
      `SELECT s.id, s.plan_id, s.status, s.current_period_start, s.current_period_end, s.cancel_at_period_end
       FROM subscriptions s JOIN customers c ON c.id = s.customer_id WHERE c.account_email = ?`,
    )
    .bind(email)
    .all<Omit<SubscriptionRow, "customer_id">>();
  return rows.map((row) => ({
    id: row.id,
    plan: row.plan_id,
    status: row.status,
    currentPeriodStart: isoTime(row.current_period_start),
    currentPeriodEnd: isoTime(row.current_period_end),
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
  }));
}

/** The claim of a webhook event: its processed_events row, inserted only by the first delivery (webhook.server.ts batches it first). */
export function eventClaimStatement(event: { id: string; type: string; created: number }, claim: EventClaim): D1PreparedStatement {
  return db()
    .prepare(
      `INSERT INTO processed_events (id, type, created, processed_at, claim) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (id) DO NOTHING`,
    )
    .bind(event.id, event.type, event.created, Math.floor(nowMilliseconds() / 1000), claim.token);
}

/** The Stripe customers bound to the account (decision 055). */
export async function boundCustomerIds(email: string): Promise<string[]> {
  const { results } = await db().prepare("SELECT id FROM customers WHERE account_email = ?").bind(email).all<Pick<CustomersRow, "id">>();
  return results.map((row) => row.id);
}
