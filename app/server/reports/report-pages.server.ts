import { data, redirect, type RouterContextProvider } from "react-router";
import { documentLimits } from "~/forms/document-limits";
import type { Strictness } from "~/shared/strictness";
import { createDocumentReportForm, createReportForm, reportOwnerForm } from "~/forms/report-forms";
import { parseForm } from "~/forms/parse-form.server";
import { readFormFields } from "../request-body/read-body.server";
import type { ReportView } from "~/shared/report";
import { takeToolAllowance } from "../limits/tool-allowance.server";
import { noStore } from "../personal-page.server";
import { siteOrigin } from "../site-origin.server";
import { callerOf } from "../tools/tool-caller.server";
import { openSeal } from "./file-seal.server";
import { reportCapsUsage, ReportStorageFull, takeReportSlot } from "./report-caps.server";
import { newReportOwner, reportViewer } from "./report-owner.server";
import { splitParagraphs } from "../documents/paragraphs.server";
import { InputError } from "../tools/input-error.server";
import { createReport } from "./create-report.server";
import { deleteReport, findOwnReport, findSharedReport, listReports, revokeReportLink, shareReport } from "./reports.server";

// What the report pages load and do; the routes stay a table of contents. Each answer is personal
// (no shared cache keeps it), and a report that is not the viewer's is the same 404 as one that
// never existed.

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** A long document's text, URL-encoded (up to nine bytes a character), and room for the other fields. */
const MAX_REPORT_FORM_BYTES = documentLimits.characters * 9 + 64 * 1024;

// An oversized text is given back cut at twice the limit: enough to fix, not a megabyte echoed.
const MAX_KEPT_TEXT = 20_000;
const NOT_FOUND = "This report does not exist, it expired, or it was deleted.";
/** A shared page must not be indexed; what the link opens is personal too. */
export const sharedHeaders = { ...noStore, "X-Robots-Tag": "noindex, nofollow" } as const;

/**
 * /reports: the viewer's reports, and a subscriber's caps. A browser with neither a session nor an
 * owner cookie has none, without a query.
 */
export async function reportListState({ request, context }: Args) {
  const viewer = await reportViewer(request, context);
  const caller = await callerOf(context);
  const deleted = new URL(request.url).searchParams.has("deleted");
  const [reports, caps] = await Promise.all([
    listReports(viewer),
    caller.kind === "visitor" ? undefined : reportCapsUsage(caller.subscriber.email),
  ]);
  return data({ reports, signedIn: Boolean(viewer.email), deleted, caps }, { headers: noStore });
}

/**
 * POST /reports: the text is scored here and the report stored; 303 to its page. Every report spends
 * one detector action: a visitor's demo allowance, a subscriber's plan quota (docs/decisions/056).
 * A subscriber's account also has an hourly cap on reports made here and a cap on the bytes its
 * reports keep. A long document's report names the file only from the detector page's seal.
 */
export async function createReportAction({ request, context }: Args) {
  const values = await readFormFields(request, MAX_REPORT_FORM_BYTES);
  const source = await reportSource(values);
  // A pasted text comes back so the page keeps what was typed; a document is uploaded again.
  const text = values.seal === undefined ? (values.text ?? "").slice(0, MAX_KEPT_TEXT) : "";
  const refuse = (error: string, status: 400 | 413 | 429, retryAfterSeconds?: number) =>
    data(
      { error, text },
      { status, headers: { ...noStore, ...(retryAfterSeconds === undefined ? {} : { "Retry-After": String(retryAfterSeconds) }) } },
    );
  if ("error" in source) return refuse(source.error, 400);
  const caller = await callerOf(context);
  const slot = caller.kind === "visitor" ? undefined : await takeReportSlot(caller.subscriber.email);
  if (slot && !slot.ok) return refuse(slot.message, 429, slot.retryAfterSeconds);
  const allowance = await takeToolAllowance(caller, "detector", 1);
  if (!allowance.allowed) {
    await slot?.giveBack();
    return refuse(allowance.message, 429, allowance.retryAfterSeconds);
  }
  const { owner, setCookie } = await newReportOwner(request, caller);
  try {
    const id = await createReport(source.source, owner, undefined, source.strictness);
    return redirect(`/reports/${id}`, { status: 303, headers: { ...noStore, ...(setCookie ? { "Set-Cookie": setCookie } : {}) } });
  } catch (error) {
    await Promise.all([allowance.release(), slot?.giveBack()]);
    if (error instanceof ReportStorageFull) return refuse(error.message, 413);
    if (error instanceof InputError) return refuse(error.message, 400);
    throw error;
  }
}

/**
 * Pasted text (any file name, kind or pages sent along are ignored, like a verdict), or a long
 * document's text with the seal the detector page made when the server extracted it: the file's
 * facts come from the seal alone, the text split into its paragraphs again (a PDF's with their pages).
 */
async function reportSource(
  values: Record<string, string>,
): Promise<{ source: Parameters<typeof createReport>[0]; strictness: Strictness } | { error: string }> {
  if (values.seal === undefined) {
    const parsed = parseForm(createReportForm, values);
    if (!parsed.ok) return { error: Object.values(parsed.fieldErrors)[0] ?? "Please enter the text to analyze." };
    return { source: parsed.data.text, strictness: parsed.data.strictness };
  }
  const parsed = parseForm(createDocumentReportForm, values);
  if (!parsed.ok) return { error: Object.values(parsed.fieldErrors)[0] ?? "The document could not be read." };
  const { text, seal, strictness } = parsed.data;
  const file = await openSeal(seal, text);
  if (!file) {
    return {
      error:
        "This document's details could not be confirmed: its text or details changed after the AI detector read it. Upload the document on the AI detector again and create the report from its result.",
    };
  }
  const { name, kind, pages, paragraphPages, truncated } = file;
  const texts = splitParagraphs(text);
  const paragraphs = texts.map((paragraph, index) => ({
    text: paragraph,
    ...(paragraphPages?.length === texts.length ? { page: paragraphPages[index] } : {}),
  }));
  return { source: { name, kind, truncated, paragraphs, ...(pages === undefined ? {} : { pages }) }, strictness };
}

/** The viewer's own report, or a thrown 404. */
export async function ownReport({ request, context }: Args, id: string | undefined): Promise<ReportView> {
  const report = id ? await findOwnReport(await reportViewer(request, context), id) : undefined;
  if (!report) throw data(NOT_FOUND, { status: 404, headers: noStore });
  return report;
}

/** The report a live share link opens, or a thrown 404 (revoked, expired, deleted or made up). */
export async function sharedReport(token: string | undefined): Promise<ReportView> {
  const report = token ? await findSharedReport(token) : undefined;
  if (!report)
    throw data("This link does not open a report: it was revoked, the report expired or was deleted, or the link is incomplete.", {
      status: 404,
      headers: sharedHeaders,
    });
  return report;
}

/**
 * The owner's Share, Revoke and Delete. Share answers the new link once (only its hash is kept);
 * Revoke and Delete redirect, so a reload does not post again.
 */
export async function reportOwnerAction({ request, context }: Args, id: string | undefined) {
  const parsed = parseForm(reportOwnerForm, await readFormFields(request));
  if (!parsed.ok) throw data(parsed.fieldErrors.intent ?? "Unknown action.", { status: 400, headers: noStore });
  const viewer = await reportViewer(request, context);
  if (!id || !(await findOwnReport(viewer, id))) throw data(NOT_FOUND, { status: 404, headers: noStore });
  switch (parsed.data.intent) {
    case "share": {
      const token = await shareReport(viewer, id);
      if (!token) throw data(NOT_FOUND, { status: 404, headers: noStore });
      const origin = siteOrigin(request) ?? new URL(request.url).origin;
      return data({ sharedLink: `${origin}/r/${token}` }, { headers: noStore });
    }
    case "revoke":
      await revokeReportLink(viewer, id);
      return redirect(`/reports/${id}?revoked=1`, { status: 303, headers: noStore });
    case "delete":
      await deleteReport(viewer, id);
      return redirect("/reports?deleted=1", { status: 303, headers: noStore });
  }
}
