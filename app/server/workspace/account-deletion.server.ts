import { cancelSubscriptionsOfAddress } from "../billing/address-cancellation.server";
import { accountExists } from "../account/sessions.server";
import { nowSeconds } from "../clock.server";
import { serverEnv } from "../env.server";
import { describeError, log } from "../log.server";
import { sha256Hex } from "../account/secure-random.server";
import { type AccountRef, ownerParams, type TableEntry } from "../data/table-entry.server";
import { NO_ACCOUNT_OF_ADDRESS, tableEntries } from "../data/tables.server";
import { deleteAccountChatFiles } from "../tools/chat-file-store.server";

// 'Delete my account' (privacy policy 'Your rights'): every running subscription of the address is
// first set to end with its period through Stripe (or the person is told to cancel in the billing portal), then
// everything of the account goes (every table the registry, data/tables.server.ts, says is the account's, and the R2
// objects its rows point at): history and its media, detection reports and batch tables (and so the reports' share
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
  // The account is gone whatever this says; without it (logged) only the second erase is missed.
  await serverEnv()
    .DB.prepare("INSERT INTO account_erasures (email, erased_at) VALUES (?1, ?2) ON CONFLICT (email) DO UPDATE SET erased_at = ?2")
    .bind(email, nowSeconds())
    .run()
    .catch((error: unknown) => log("error", "the second erase could not be planned", describeError(error)));
  log("info", "account deleted", {});
  return { ok: true, subscriptionEndsAt: cancellation.endsAt };
}

/**
 * Everything of the account except the billing records, as the table registry says; running it
 * again changes nothing. `again`: the second erase, which leaves what the address may make anew.
 */
export async function eraseAccountData(email: string, { again = false } = {}): Promise<void> {
  const account: AccountRef = { email, digest: await sha256Hex(email) };
  // The second erase touches no row of an address that has an account again, checked in the very
  // statements (one D1 batch is one transaction): a sign-in landing after eraseAgain's check keeps
  // its rows, and their objects, which the second erase deletes only as the rows it deleted name them.
  const guard = (where: string) => (again ? `(${where}) AND ${NO_ACCOUNT_OF_ADDRESS}` : where);
  const owned = tableEntries.flatMap(([table, entry]) =>
    entry.owner && !(again && entry.notErasedAgain)
      ? [{ table, entry, where: guard(entry.owner.where), params: ownerParams(entry.owner.where, account) }]
      : [],
  );
  // Chat files live only in R2 (named by the owner's hash), so no table points at them.
  if (!again) return eraseRows(owned, { beforeRows: async () => void (await deleteAccountChatFiles(email)) });
  await eraseRows(owned, { objectsFirst: false });
  // Asked again just before: a new account's first chat file cannot come within those milliseconds.
  if (!(await accountExists(email))) await deleteAccountChatFiles(email);
}

/** How long after a deletion its address is erased again: longer than anything still being written for it (a chat reply, a batch). */
export const ERASE_AGAIN_AFTER_SECONDS = 30 * 60;

/**
 * The second erase (decision 076), from the hourly cron: each address deleted ERASE_AGAIN_AFTER_SECONDS
 * ago or more is erased again, and its row goes. One that has an account again (its owner signed in
 * afresh) is left as it is: what came late is theirs, under the same address. At most `batch`
 * addresses a run (each is some twenty statements and a listing of chat files); one that fails is
 * logged and tried again an hour later, behind the others. How many were erased again.
 */
export async function eraseAgain(now = nowSeconds(), batch = 10): Promise<number> {
  const db = serverEnv().DB;
  const due = now - ERASE_AGAIN_AFTER_SECONDS;
  const { results } = await db
    .prepare("SELECT email FROM account_erasures WHERE erased_at <= ? ORDER BY erased_at LIMIT ?")
    .bind(due, batch)
    .all<{ email: string }>();
  let erased = 0;
  for (const { email } of results) {
    try {
      if (!(await accountExists(email))) {
        await eraseAccountData(email, { again: true });
        erased += 1;
      }
      // Not a row a newer deletion of the same address wrote meanwhile: that one gets its own second erase.
      await db.prepare("DELETE FROM account_erasures WHERE email = ? AND erased_at <= ?").bind(email, due).run();
    } catch (error) {
      log("error", "a second erase failed", describeError(error));
      await db
        .prepare("UPDATE account_erasures SET erased_at = ? WHERE email = ?")
        .bind(due + 3600, email)
        .run();
    }
  }
  return erased;
}

/**
 * One of the account's chat projects, its chats and its files (docs/decisions/071): the account's
 * deletion path over the registry's `project` clauses. Running it again (or for a stranger's id) changes nothing.
 */
export async function eraseProject(email: string, projectId: string): Promise<void> {
  const scoped = tableEntries.flatMap(([table, entry]) =>
    entry.project ? [{ table, entry, where: entry.project.where, params: [email, projectId] }] : [],
  );
  await eraseRows(scoped);
}

type ScopedTable = { table: string; entry: TableEntry; where: string; params: string[] };

/**
 * The registry's deletion of some rows: the R2 objects they point at first (unless `objectsFirst`
 * is false: the second erase, whose rows may turn out to be a new account's), then the rows (or
 * their erasure) in one batch, then every object the deleted rows name.
 */
async function eraseRows(
  scoped: ScopedTable[],
  { beforeRows, objectsFirst = true }: { beforeRows?: () => Promise<void>; objectsFirst?: boolean } = {},
): Promise<void> {
  const db = serverEnv().DB;
  const bucket = serverEnv().MEDIA;
  // The R2 objects the rows point at go first: a row is never gone while its object stays unnamed.
  const keys: string[] = [];
  for (const { table, entry, where, params } of objectsFirst ? scoped : []) {
    if (!entry.objects || entry.deletion?.kind !== "delete") continue;
    const { columns, keys: keysOf } = entry.objects;
    const rows = await db
      .prepare(`SELECT ${columns.join(", ")} FROM ${table} WHERE ${where}`)
      .bind(...params)
      .all<Record<string, string | null>>();
    keys.push(...rows.results.flatMap(keysOf));
  }
  const deleteKeys = async (list: string[]) => {
    for (let index = 0; index < list.length; index += R2_DELETE_BATCH) await bucket.delete(list.slice(index, index + R2_DELETE_BATCH));
  };
  await deleteKeys(keys);
  await beforeRows?.();
  const statements = scoped.flatMap(({ table, entry, where, params }) => {
    // A deleted row names its objects again (RETURNING): one written between the lookup above and
    // this batch (an export's file, under the key its row had) would otherwise outlive the row.
    const objects = entry.deletion?.kind === "delete" ? entry.objects : undefined;
    const sql =
      entry.deletion?.kind === "delete"
        ? `DELETE FROM ${table} WHERE ${where}${objects ? ` RETURNING ${objects.columns.join(", ")}` : ""}`
        : entry.deletion?.kind === "erase"
          ? `UPDATE ${table} SET ${entry.deletion.set} WHERE ${where}`
          : undefined;
    return sql ? [{ statement: db.prepare(sql).bind(...params), keysOf: objects?.keys }] : [];
  });
  if (!statements.length) return;
  const results = await db.batch<Record<string, string | null>>(statements.map(({ statement }) => statement));
  // All of them, those deleted above too: a key deleted before its object was written is not gone.
  const named = new Set(
    results.flatMap((result, index) => {
      const keysOf = statements[index]!.keysOf;
      return keysOf ? result.results.flatMap(keysOf) : [];
    }),
  );
  // The rows are gone whatever R2 says: logged, and the bucket's lifecycle rule is the backstop.
  await deleteKeys([...named]).catch((error: unknown) => log("error", "objects of erased rows could not be deleted", describeError(error)));
}
