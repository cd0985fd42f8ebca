import { data, redirect, type RouterContextProvider } from "react-router";
import { batchSortOf, sortBatchRows } from "~/shared/batch";
import { accountContext } from "../account/account-middleware.server";
import { noStore } from "../personal-page.server";
import { discardRest } from "../request-body/body-bytes.server";
import { siteOrigin } from "../site-origin.server";
import { callerOf } from "../tools/tool-caller.server";
import { readBatchUpload } from "./batch-upload.server";
import { batchCsv, detectorScansLeft, findBatch, listBatches, runBatch } from "./batches.server";

// What the batch pages load and do (/ai-detector/batch, /ai-detector/batch/<id> and its CSV); the
// routes stay a table of contents. A visitor sees what a batch is and where to get one; only a
// subscriber's form is read. Another account's batch is the same 404 as a made-up id.

type Args = { request: Request; context: Readonly<RouterContextProvider> };

const NOT_FOUND = "This batch does not exist, it expired, or it is another account's.";

/** /ai-detector/batch: the form and the newest batches for a subscriber; what it is, for anyone else. */
export async function batchPageState({ context }: Args) {
  const caller = await callerOf(context);
  const signedIn = Boolean(context.get(accountContext));
  if (caller.kind === "visitor") return data({ subscriber: false as const, signedIn, batches: [], scansLeft: null }, { headers: noStore });
  const [batches, scansLeft] = await Promise.all([listBatches(caller.subscriber.email), detectorScansLeft(caller.subscriber)]);
  return data({ subscriber: true as const, signedIn, batches, scansLeft }, { headers: noStore });
}

/** POST /ai-detector/batch: the files read, charged and scanned; 303 to the table. */
export async function batchAction({ request, context }: Args) {
  const caller = await callerOf(context);
  if (caller.kind === "visitor") {
    if (request.body) await discardRest(request.body.getReader());
    return data(
      { error: "Batch scans come with a plan: sign in, or choose one on the pricing page.", rows: [] },
      { status: 403, headers: noStore },
    );
  }
  const upload = await readBatchUpload(request);
  if ("message" in upload) {
    const { message: error, field, strictness } = upload;
    return data(
      { error, rows: [], ...(field ? { field } : {}), ...(strictness ? { strictness } : {}) },
      { status: upload.status, headers: noStore },
    );
  }
  const outcome = await runBatch(caller, upload.inputs, upload.strictness);
  if (outcome.kind === "refused") {
    return data(
      // The level chosen stays chosen when the form comes back.
      { error: outcome.message, rows: outcome.rows, strictness: upload.strictness },
      { status: 429, headers: { ...noStore, "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return redirect(`/ai-detector/batch/${outcome.batch.id}`, { status: 303, headers: noStore });
}

async function ownBatch({ context }: Args, id: string | undefined) {
  const email = context.get(accountContext)?.email;
  const batch = email ? await findBatch(email, id) : undefined;
  if (!batch) throw data(NOT_FOUND, { status: 404, headers: noStore });
  return batch;
}

/** /ai-detector/batch/<id>: the table, sorted as the address asks (links, so without JavaScript too). */
export async function batchResultState(args: Args, id: string | undefined) {
  const batch = await ownBatch(args, id);
  const sort = batchSortOf(new URL(args.request.url).searchParams);
  return data({ batch: { ...batch, rows: sortBatchRows(batch.rows, sort) }, sort }, { headers: noStore });
}

/** /ai-detector/batch/<id>/results.csv, in the files' order. */
export async function batchCsvResponse(args: Args, id: string | undefined) {
  const batch = await ownBatch(args, id);
  const origin = siteOrigin(args.request) ?? new URL(args.request.url).origin;
  const date = new Date(batch.createdAt * 1000).toISOString().slice(0, 10);
  return new Response(batchCsv(batch, origin), {
    headers: {
      ...noStore,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="contentforge-batch-${date}-${batch.id.slice(0, 8)}.csv"`,
    },
  });
}
