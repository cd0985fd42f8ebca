import { listBatches } from "../reports/batches.server";
import { exportedReports } from "../reports/reports.server";
import { exportedSharedConversations } from "../conversations/shared-conversations.server";
import { exportedAccount } from "../account/sessions.server";
import { exportedApiKeys } from "../api/api-keys.server";
import { exportedUsage } from "../billing/quotas.server";
import { exportedSubscriptions } from "../billing/subscriptions.server";
import { ownedMediaKeys } from "../workspace/history-entry.server";
import { exportedHistory } from "../workspace/history.server";
import { exportedProjects, projectFileKeys } from "../projects/projects.server";
import { HISTORY_RETENTION_SECONDS, UNUSED_SIGN_IN_TOKEN_GRACE_SECONDS } from "../workspace/retention.server";
import { exportObjectKey, type TableEntry } from "./table-entry.server";

// The table registry (docs/decisions/061-table-registry.md): every D1 table of migrations/ says here
// how its rows reach an account, what the retention cron deletes and when, what 'Export my data'
// includes, and how 'Delete my account' removes it (rows, and the R2 objects they point at). Account
// deletion (workspace/account-deletion.server.ts), the export (workspace/data-export.server.ts) and the
// retention cron (workspace/retention-sweep.server.ts) read this instead of lists of their own, and
// tests/integration/table-registry.test.ts fails when a migration adds a table this does not name.

/** The account's Stripe customers: those bound to it, and those of its address bound to no other account (decision 055). */
const ACCOUNT_CUSTOMERS = "SELECT id FROM customers WHERE account_email = ?1 OR (lower(email) = ?1 AND account_email IS NULL)";
const ACCOUNT_API_KEYS = "SELECT id FROM api_keys WHERE email = ?1";

/** The second erase's guard (decision 076): true only while the address ?1 has no account. */
export const NO_ACCOUNT_OF_ADDRESS = "NOT EXISTS (SELECT 1 FROM accounts WHERE email = ?1)";

/** Why the second erase (decision 076) leaves a table alone: what the same address may make anew after the deletion. */
const NEW_SIGN_IN = "a sign-in link asked for after the deletion, to start a new account";
const NEW_CHECKOUT = "a customer (and its counters) of a new Checkout by the same address";

const DAY_SECONDS = 86_400;

/**
 * Every table, in the order 'Delete my account' runs its statements (one D1 batch): rows found
 * through api_keys or customers before those, and accounts last (sessions and api_keys reference it).
 */
export const tables = {
  history_items: {
    module: "workspace/history.server.ts",
    reaches: "email is the account's address",
    owner: { where: "email = ?1" },
    // A project's chats go with the project.
    project: { where: "email = ?1 AND project_id = ?2" },
    deletion: { kind: "delete" },
    // The result's media and, for an edit of an upload, the original (decision 051's owned uploads).
    objects: {
      columns: ["media_id", "upload_media_id"],
      keys: (row) => ownedMediaKeys({ media_id: row.media_id ?? null, upload_media_id: row.upload_media_id ?? null }),
    },
    retention: { kind: "swept", column: "expires_at", afterSeconds: 0, report: "historyItems", objectsReport: "media" },
    export: { kind: "section", key: "history", read: exportedHistory },
  },
  history_search: {
    module: "workspace/history.server.ts",
    reaches: "rowid is a history_items.seq (full-text index of the account's history)",
    owner: null,
    deletion: { kind: "follows", table: "history_items" },
    retention: { kind: "follows", table: "history_items" },
    export: { kind: "excluded", why: "an index of the history, which is exported whole" },
  },
  projects: {
    module: "projects/projects.server.ts",
    reaches: "email is the account's address",
    owner: { where: "email = ?1" },
    project: { where: "email = ?1 AND id = ?2" },
    deletion: { kind: "delete" },
    // The project's files (project-files/<id>), named by its `files` column.
    objects: { columns: ["files"], keys: (row) => projectFileKeys(row.files) },
    retention: { kind: "kept", why: "until its owner deletes it or the account (its chats are swept as the history's items are)" },
    export: { kind: "section", key: "projects", read: exportedProjects },
  },
  reports: {
    module: "reports/reports.server.ts",
    reaches: "email is a subscriber's address; a visitor's report names only an owner cookie's hash",
    owner: { where: "email = ?1" },
    deletion: { kind: "delete" },
    retention: { kind: "swept", column: "expires_at", afterSeconds: 0, report: "reports" },
    export: { kind: "section", key: "reports", read: exportedReports },
  },
  batches: {
    module: "reports/batches.server.ts",
    reaches: "email is the account's address",
    owner: { where: "email = ?1" },
    deletion: { kind: "delete" },
    retention: { kind: "swept", column: "expires_at", afterSeconds: 0, report: "batches" },
    export: {
      kind: "section",
      key: "batches",
      read: async (email) =>
        (await listBatches(email, 10_000)).map(({ createdAt, ...batch }) => ({
          ...batch,
          createdAt: new Date(createdAt * 1000).toISOString(),
        })),
    },
  },
  shared_conversations: {
    module: "conversations/shared-conversations.server.ts",
    reaches: "email is the owner's address",
    owner: { where: "email = ?1" },
    deletion: { kind: "delete" },
    // A revoked link's row (its messages already erased) counts toward the hourly share limit for a day.
    retention: { kind: "swept", column: "revoked_at", afterSeconds: DAY_SECONDS, report: "revokedShares" },
    export: { kind: "section", key: "sharedConversations", read: (email) => exportedSharedConversations(email) },
  },
  activity: {
    module: "workspace/analytics.server.ts",
    reaches: "email is the account's address",
    owner: { where: "email = ?1" },
    deletion: { kind: "delete" },
    retention: { kind: "swept", column: "created_at", afterSeconds: HISTORY_RETENTION_SECONDS, report: "activity" },
    export: { kind: "excluded", why: "counts derived from the history, which is exported whole" },
  },
  data_exports: {
    module: "workspace/data-export.server.ts",
    reaches: "email is the account's address",
    owner: { where: "email = ?1" },
    deletion: { kind: "delete" },
    objects: { columns: ["id"], keys: (row) => [exportObjectKey(row.id!)] },
    retention: { kind: "swept", column: "expires_at", afterSeconds: 0, report: "exports" },
    export: { kind: "excluded", why: "the earlier exports themselves" },
  },
  api_idempotency: {
    module: "api/idempotency.server.ts",
    reaches: "key_id is one of the account's API keys",
    owner: { where: `key_id IN (${ACCOUNT_API_KEYS})` },
    deletion: { kind: "delete" },
    retention: {
      kind: "pruned-when-written",
      where: "api/idempotency.server.ts: a key's answers older than 24 hours, at its next keyed request",
    },
    export: { kind: "excluded", why: "replayable answers kept for a day; the results are in the history" },
  },
  api_rate_windows: {
    module: "api/api-rate-limit.server.ts",
    reaches: "key_id is one of the account's API keys, or 'account:' and the address's digest (accountRateBucket)",
    owner: { where: `key_id IN (${ACCOUNT_API_KEYS}) OR key_id = 'account:' || ?2` },
    deletion: { kind: "delete" },
    retention: {
      kind: "pruned-when-written",
      where: "api/api-rate-limit.server.ts: a bucket's finished minutes, when its next minute starts",
    },
    export: { kind: "excluded", why: "request counters of the current minute" },
  },
  api_keys: {
    module: "api/api-keys.server.ts",
    reaches: "email is the account's address",
    owner: { where: "email = ?1" },
    deletion: { kind: "delete" },
    retention: { kind: "kept", why: "while the account lives (a revoked key stays listed on the dashboard)" },
    export: { kind: "section", key: "apiKeys", read: exportedApiKeys },
  },
  sessions: {
    module: "account/sessions.server.ts",
    reaches: "email is the account's address",
    owner: { where: "email = ?1" },
    deletion: { kind: "delete" },
    retention: { kind: "swept", column: "expires_at", afterSeconds: 0, report: "sessions" },
    export: { kind: "excluded", why: "signed-in browsers, stored only as hashes" },
  },
  sign_in_tokens: {
    module: "account/sign-in-tokens.server.ts",
    reaches: "email is the address the link was mailed to",
    owner: { where: "email = ?1" },
    notErasedAgain: NEW_SIGN_IN,
    deletion: { kind: "delete" },
    retention: { kind: "swept", column: "expires_at", afterSeconds: UNUSED_SIGN_IN_TOKEN_GRACE_SECONDS, report: "signInTokens" },
    export: { kind: "excluded", why: "sign-in links, stored only as hashes and dead within 15 minutes" },
  },
  sign_in_requests: {
    module: "account/sign-in-limits.server.ts",
    reaches: "email is the address a sign-in mail was asked for",
    owner: { where: "email = ?1" },
    notErasedAgain: NEW_SIGN_IN,
    deletion: { kind: "delete" },
    retention: {
      kind: "pruned-when-written",
      where: "account/sign-in-limits.server.ts: requests older than the hour, at each new request",
    },
    export: { kind: "excluded", why: "rate-limit records of the last hour" },
  },
  report_hours: {
    module: "reports/report-caps.server.ts",
    reaches: "account is the SHA-256 of the address (the table holds no address)",
    owner: { where: "account = ?2" },
    deletion: { kind: "delete" },
    retention: { kind: "pruned-when-written", where: "reports/report-caps.server.ts: every finished hour, at the first report of an hour" },
    export: { kind: "excluded", why: "a counter of the current hour's reports" },
  },
  usage: {
    module: "billing/quotas.server.ts",
    reaches: "customer_id is one of the account's Stripe customers",
    owner: { where: `customer_id IN (${ACCOUNT_CUSTOMERS})` },
    notErasedAgain: NEW_CHECKOUT,
    deletion: { kind: "delete" },
    retention: { kind: "kept", why: "a period's counter, kept with the subscription's records" },
    export: { kind: "section", key: "usage", read: exportedUsage },
  },
  subscriptions: {
    module: "billing/subscriptions.server.ts",
    reaches: "customer_id is one of the account's Stripe customers",
    owner: { where: `customer_id IN (${ACCOUNT_CUSTOMERS})` },
    deletion: { kind: "kept", why: "billing records the law requires; their customer loses the address (customers below)" },
    retention: { kind: "kept", why: "billing records the law requires" },
    export: { kind: "section", key: "subscriptions", read: exportedSubscriptions },
  },
  customers: {
    module: "billing/subscriptions.server.ts",
    reaches: "account_email is the bound account; before binding, email is the address typed at Checkout",
    owner: { where: `id IN (${ACCOUNT_CUSTOMERS})` },
    notErasedAgain: NEW_CHECKOUT,
    deletion: {
      kind: "erase",
      set: "email = NULL, account_email = NULL, erased_at = unixepoch()",
      why: "billing records the law requires, without the address; erased_at keeps a late Stripe event from writing it back",
    },
    retention: { kind: "kept", why: "billing records the law requires" },
    export: { kind: "excluded", why: "Stripe's ids; the subscriptions they hold are exported" },
  },
  accounts: {
    module: "account/sessions.server.ts",
    reaches: "email is the account",
    owner: { where: "email = ?1" },
    deletion: { kind: "delete" },
    retention: { kind: "kept", why: "until its owner deletes it" },
    export: { kind: "section", key: "account", read: exportedAccount },
  },
  account_erasures: {
    module: "workspace/account-deletion.server.ts",
    reaches: "email is a deleted account's address, until its second erase (decision 076)",
    owner: null,
    deletion: null,
    retention: {
      kind: "pruned-when-written",
      where: "account-deletion.server.ts eraseAgain: the hourly cron, 30+ minutes after the deletion",
    },
    export: { kind: "excluded", why: "written once the account is gone" },
  },
  processed_events: {
    module: "billing/subscriptions.server.ts",
    reaches: "no account: Stripe event ids and types, to skip redeliveries",
    owner: null,
    deletion: null,
    retention: { kind: "kept", why: "a redelivered event must still be recognised" },
    export: { kind: "excluded", why: "holds nothing of a person" },
  },
  checkout_returns: {
    module: "billing/checkout-return.server.ts",
    reaches: "no account: Checkout Session ids whose success page was visited",
    owner: null,
    deletion: null,
    retention: { kind: "kept", why: "a success page stays single-use" },
    export: { kind: "excluded", why: "holds nothing of a person" },
  },
} satisfies Record<string, TableEntry>;

export type TableName = keyof typeof tables;

/** The registry's entries in order, typed as the general entry (each object literal above is narrower). */
export const tableEntries = Object.entries(tables) as [TableName, TableEntry][];
