// The table registry's vocabulary (docs/decisions/061-table-registry.md): what each entry of
// tables.server.ts says about its table (owner, retention, export, deletion, the R2 objects its
// rows point at), and the helpers the registry's readers share. The entries are in tables.server.ts.

/** The SQL forms an account's rows name it by, bound as ?1 and ?2 in `owner.where`. */
export type AccountRef = {
  /** ?1: the lower-cased address (accounts.email). */
  email: string;
  /** ?2: its SHA-256 hex, for tables that hold no address (report_hours, the API's per-account bucket). */
  digest: string;
};

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

/** The statement's parameters: ?2 is bound only where the clause names it (D1 refuses extra bindings). */
export function ownerParams(where: string, account: AccountRef): string[] {
  return where.includes("?2") ? [account.email, account.digest] : [account.email];
}

/** The R2 key of a data export's file. */
export function exportObjectKey(id: string): string {
  return `exports/${id}.json`;
}
