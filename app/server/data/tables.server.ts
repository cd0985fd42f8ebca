import { listBatches } from "../reports/batches.server";
import { exportedReports } from "../reports/reports.server";
import { exportedSharedConversations } from "../conversations/shared-conversations.server";
import { exportedAccount } from "../account/sessions.server";
import { exportedApiKeys } from "../api/api-keys.server";
import { exportedUsage } from "../billing/quotas.server";
import { exportedSubscriptions } from "../billing/subscriptions.server";
import { exportedHistory, ownedMediaKeys } from "../workspace/history.server";
import { exportedProjects, projectFileKeys } from "../projects/projects.server";
import { HISTORY_RETENTION_SECONDS, UNUSED_SIGN_IN_TOKEN_GRACE_SECONDS } from "../workspace/retention.server";

// The table registry (docs/decisions/061-table-registry.md): every D1 table of migrations/ says here
// how its rows reach an account, what the retention cron deletes and when, what 'Export my data'
// includes, and how 'Delete my account' removes it (rows, and the R2 objects they point at). Account
// deletion (workspace/account-deletion.server.ts), the export (workspace/data-export.server.ts) and the
// retention cron (workspace/retention-sweep.server.ts) read this instead of lists of their own, and
// tests/integration/table-registry.test.ts fails when a migration adds a table this does not name.

/** The SQL forms an account's rows name it by, bound as ?1 and ?2 in `owner.where`. */
export type AccountRef = {
  /** ?1: the lower-cased address (accounts.email). */
  email: string;
  /** ?2: its SHA-256 hex, for tables that hold no address (report_hours, the API's per-account bucket). */
  digest: string;
};

/** The account's Stripe customers: those bound to it, and those of its address bound to no other account (decision 055). */
const ACCOUNT_CUSTOMERS = "SELECT id FROM customers WHERE account_email = ?1 OR (lower(email) = ?1 AND account_email IS NULL)";
const ACCOUNT_API_KEYS = "SELECT id FROM api_keys WHERE email = ?1";

/** The counts the retention cron logs (one per swept table, plus the R2 objects it deleted). */
export type SweepReport = {
  historyItems: number;
  media: number;
  exports: number;
  signInTokens: number;
  sessions: number;
  activity: number;
  reports: number;
  batches: number;
  revokedShares: number;
  chatFiles: number;
  erasedAgain: number;
};

/** R2 objects a row points at: the columns to read and the keys they name. */
export type RowObjects<Row = Record<string, string | null>> = { columns: readonly string[]; keys: (row: Row) => string[] };

export type Retention =
  /** The cron deletes rows whose `column` is at or before now − `afterSeconds` (with their objects), a bounded batch a run. */
  | { kind: "swept"; column: string; afterSeconds: number; report: keyof SweepReport; objectsReport?: keyof SweepReport }
  /** Cleared where the rows are written, not by the cron: `where` says where and when. */
  | { kind: "pruned-when-written"; where: string }
  /** Kept as long as the account (or, for billing records, as long as the law requires): `why`. */
  | { kind: "kept"; why: string }
  /** Goes with the rows of another table (a trigger). */
  | { kind: "follows"; table: string };

/** The export file's sections, in the order a person reads them; each is read from one table below. */
export const EXPORT_SECTIONS = [
  "account",
  "subscriptions",
  "usage",
  "apiKeys",
  "history",
  "reports",
  "batches",
  "sharedConversations",
  "projects",
] as const;
export type ExportSection = (email: string, origin: string) => Promise<unknown>;
export type Export = { kind: "section"; key: (typeof EXPORT_SECTIONS)[number]; read: ExportSection } | { kind: "excluded"; why: string };

export type Deletion =
  /** DELETE the account's rows (their `objects` in R2 first). */
  | { kind: "delete" }
  /** Keep the rows but UPDATE them with `set`: billing records the law requires, without the address. */
  | { kind: "erase"; set: string; why: string }
  /** Rows stay untouched: `why` (e.g. billing records reached only through an erased customer). */
  | { kind: "kept"; why: string }
  /** Removed by a trigger when the rows of `table` go. */
  | { kind: "follows"; table: string };

export type TableEntry = {
  /**
   * The one module whose SQL reads and writes the table, under app/server (its typed mapper: the
   * rest of the app calls its functions); `npm run lint` refuses the table's name in another
   * module's SQL (scripts/check-rooms.mjs). This registry's own clauses are the exception.
   */
  module: string;
  /** How rows reach an account, in words (for docs and reviews). */
  reaches: string;
  /** The account's rows, as a WHERE clause over ?1 (email) and ?2 (digest); null when no row is an account's. */
  owner: { where: string } | null;
  /**
   * The rows of one of the account's chat projects, as a WHERE clause over ?1 (email) and ?2 (the
   * project's id): what deleting the project deletes, by the same path as the account (decision 071).
   */
  project?: { where: string };
  deletion: Deletion | null;
  /** Left alone by the second erase (decision 076), with why: rows the same address may make anew after the deletion. */
  notErasedAgain?: string;
  objects?: RowObjects;
  retention: Retention;
  export: Export;
};

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
    notErasedAgain: "a sign-in link asked for after the deletion, to start a new account",
    deletion: { kind: "delete" },
    retention: { kind: "swept", column: "expires_at", afterSeconds: UNUSED_SIGN_IN_TOKEN_GRACE_SECONDS, report: "signInTokens" },
    export: { kind: "excluded", why: "sign-in links, stored only as hashes and dead within 15 minutes" },
  },
  sign_in_requests: {
    module: "account/sign-in-limits.server.ts",
    reaches: "email is the address a sign-in mail was asked for",
    owner: { where: "email = ?1" },
    notErasedAgain: "a sign-in link asked for after the deletion, to start a new account",
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
    notErasedAgain: "a customer (and its counters) of a new Checkout by the same address",
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
    notErasedAgain: "a customer (and its counters) of a new Checkout by the same address",
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

/** The R2 key of a data export's file. */
export function exportObjectKey(id: string): string {
  return `exports/${id}.json`;
}

/** The statement's parameters: ?2 is bound only where the clause names it (D1 refuses extra bindings). */
export function ownerParams(where: string, account: AccountRef): string[] {
  return where.includes("?2") ? [account.email, account.digest] : [account.email];
}
