import { formatMegabytes, reportCaps } from "~/forms/report-caps";
import { nowSeconds } from "../clock.server";
import { sha256Hex } from "../account/secure-random.server";
import { serverEnv } from "../env.server";
import { retryAfterText } from "../limits/demo-limit.server";
import { InputError } from "../tools/input-error.server";
import { storedReportBytes } from "./reports.server";

// The caps on an account's reports (docs/decisions/056), beside the detector's allowance each report
// spends: reports made one at a time in a clock hour, counted in their own table (deleting a report
// does not give its place back), and the bytes all of the account's live reports keep.

const HOUR = 3600;
const db = () => serverEnv().DB;

/** The account's row name in report_hours: a digest, so the table holds no address. */
const accountOf = async (email: string) => sha256Hex(email);

export type ReportSlot = { ok: true; giveBack: () => Promise<void> } | { ok: false; message: string; retryAfterSeconds: number };

/** A place among this hour's reports for the account, in one conditional upsert (concurrent requests never pass the cap). */
export async function takeReportSlot(email: string, now = nowSeconds()): Promise<ReportSlot> {
  const account = await accountOf(email);
  const hourStart = now - (now % HOUR);
  const row = await db()
    .prepare(
      `INSERT INTO report_hours (account, hour_start, made) VALUES (?1, ?2, 1)
       ON CONFLICT (account, hour_start) DO UPDATE SET made = made + 1 WHERE made < ?3
       RETURNING made`,
    )
    .bind(account, hourStart, reportCaps.perHour)
    .first<{ made: number }>();
  if (!row) {
    const retryAfterSeconds = hourStart + HOUR - now;
    return {
      ok: false,
      message: `You have made ${reportCaps.perHour} reports this hour, the most an account makes in an hour. You can make the next one in ${retryAfterText(retryAfterSeconds)}; your text is kept below.`,
      retryAfterSeconds,
    };
  }
  // The first report of an hour also clears every account's finished hours.
  if (row.made === 1) await db().prepare("DELETE FROM report_hours WHERE hour_start < ?").bind(hourStart).run();
  const giveBack = async () => {
    await db()
      .prepare("UPDATE report_hours SET made = made - 1 WHERE account = ? AND hour_start = ? AND made > 0")
      .bind(account, hourStart)
      .run();
  };
  return { ok: true, giveBack };
}

/** What the /reports page states of an account's caps. */
export async function reportCapsUsage(email: string, now = nowSeconds()) {
  const hourStart = now - (now % HOUR);
  const [made, storedBytes] = await Promise.all([
    db()
      .prepare("SELECT made FROM report_hours WHERE account = ? AND hour_start = ?")
      .bind(await accountOf(email), hourStart)
      .first<number>("made"),
    storedReportBytes(email, now),
  ]);
  return { madeThisHour: made ?? 0, perHour: reportCaps.perHour, storedBytes, storedBytesCap: reportCaps.storedBytes };
}

/** A report that would take the account past its stored bytes: 413 on the page, the file's problem in a batch. */
export class ReportStorageFull extends InputError {
  constructor(storedBytes: number) {
    super(
      "text",
      `Your reports keep ${formatMegabytes(storedBytes)} of the ${formatMegabytes(reportCaps.storedBytes)} an account may keep, and this one does not fit. Delete reports you no longer need on /reports, then create it again.`,
    );
  }
}
