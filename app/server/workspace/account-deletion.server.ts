import { cancelSubscriptionsOfAddress } from "../billing/address-cancellation.server";
import { serverEnv } from "../env.server";
import { log } from "../log.server";
import { accountRateBucket } from "../api/api-rate-limit.server";
import { exportObjectKey } from "./data-export.server";
import { ownedMediaKeys } from "./history.server";
import { deleteAccountChatFiles } from "../tools/chat-attachments.server";

// 'Delete my account' (privacy policy 'Your rights'): every running subscription of the address is
// first set to end with its period through Stripe (or the person is told to cancel in the billing portal), then
// everything of the account goes: history and its media, detection reports and batch tables (and so the reports' share
// links), exports, sessions, API keys, sign-in records, usage. Only the billing records the law requires stay: the Stripe customer and
// subscription rows, with the email address removed and the customer marked erased (no later Stripe
// event or success page writes the address back), so signing in again finds a new, empty account.

export type AccountDeletion = { ok: true; subscriptionEndsAt: number | null } | { ok: false; status: 409 | 502; message: string };

const R2_DELETE_BATCH = 1000;

export async function deleteAccount(email: string): Promise<AccountDeletion> {
  const cancellation = await cancelSubscriptionsOfAddress(email);
  if (!cancellation.ok) {
    const portal = "Cancel your subscription on the billing portal first (Dashboard → Manage billing), then delete your account.";
    return cancellation.reason === "not-configured"
      ? { ok: false, status: 409, message: `We cannot reach our payment processor to end your subscription. ${portal}` }
      : { ok: false, status: 502, message: `We could not end your subscription. ${portal}` };
  }
  await eraseAccountData(email);
  log("info", "account deleted", {});
  return { ok: true, subscriptionEndsAt: cancellation.endsAt };
}

/** Everything of the account except the billing records; running it again changes nothing. */
export async function eraseAccountData(email: string): Promise<void> {
  const db = serverEnv().DB;
  const bucket = serverEnv().MEDIA;
  const media = await db
    .prepare(
      "SELECT media_id, upload_media_id FROM history_items WHERE email = ? AND (media_id IS NOT NULL OR upload_media_id IS NOT NULL)",
    )
    .bind(email)
    .all<{ media_id: string | null; upload_media_id: string | null }>();
  const exports = await db.prepare("SELECT id FROM data_exports WHERE email = ?").bind(email).all<{ id: string }>();
  const keys = [...media.results.flatMap(ownedMediaKeys), ...exports.results.map((row) => exportObjectKey(row.id))];
  for (let index = 0; index < keys.length; index += R2_DELETE_BATCH) await bucket.delete(keys.slice(index, index + R2_DELETE_BATCH));
  await deleteAccountChatFiles(email);
  // The account's customers: those bound to it, and those of its address bound to no other account.
  const customers = "SELECT id FROM customers WHERE account_email = ?1 OR (lower(email) = ?1 AND account_email IS NULL)";
  const apiKeys = "SELECT id FROM api_keys WHERE email = ?1";
  await db.batch(
    [
      "DELETE FROM history_items WHERE email = ?1",
      "DELETE FROM reports WHERE email = ?1",
      "DELETE FROM batches WHERE email = ?1",
      "DELETE FROM shared_conversations WHERE email = ?1",
      "DELETE FROM activity WHERE email = ?1",
      "DELETE FROM data_exports WHERE email = ?1",
      `DELETE FROM api_idempotency WHERE key_id IN (${apiKeys})`,
      `DELETE FROM api_rate_windows WHERE key_id IN (${apiKeys})`,
      "DELETE FROM api_keys WHERE email = ?1",
      "DELETE FROM sessions WHERE email = ?1",
      "DELETE FROM sign_in_tokens WHERE email = ?1",
      "DELETE FROM sign_in_requests WHERE email = ?1",
      `DELETE FROM usage WHERE customer_id IN (${customers})`,
      `UPDATE customers SET email = NULL, account_email = NULL, erased_at = unixepoch() WHERE id IN (${customers})`,
      "DELETE FROM accounts WHERE email = ?1",
    ]
      .map((sql) => db.prepare(sql).bind(email))
      .concat(db.prepare("DELETE FROM api_rate_windows WHERE key_id = ?").bind(await accountRateBucket(email))),
  );
}
