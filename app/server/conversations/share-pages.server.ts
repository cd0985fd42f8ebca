import { data, redirect, type RouterContextProvider } from "react-router";
import { parseForm } from "~/forms/parse-form.server";
import { ATTACHMENT_FIELD } from "~/forms/chat-attachments";
import { readFormFields } from "../request-body/read-body.server";
import { revokeShareForm, shareConversationForm } from "~/forms/share-form";
import type { ChatResult } from "~/shared/chat-events";
import { sharedConversationPath, snapshotOf, type ShareState } from "~/shared/shared-conversation";
import type { ToolActionData } from "~/shared/tool-action-data";
import { accountContext } from "../account/account-middleware.server";
import { noStore } from "../personal-page.server";
import { sharedHeaders } from "../reports/report-pages.server";
import { siteOrigin } from "../site-origin.server";
import { InputError } from "../tools/input-error.server";
import { MAX_CHAT_UPLOAD_BYTES } from "../tools/chat-attachments.server";
import { withDocumentTexts } from "../tools/chat-file-store.server";
import { filesOwner } from "../tools/chat-files-owner.server";
import { callerOf } from "../tools/tool-caller.server";
import {
  createSharedConversation,
  findSharedConversation,
  revokeSharedConversation,
  shownConversation,
} from "./shared-conversations.server";

// What the share pages load and do (docs/decisions/049); the routes stay a table of contents.

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The chat page's answer: the usual tool action data, plus the new link or why there is none. */
export type ChatPageActionData = ToolActionData<ChatResult> & { share?: ShareState };

export const SHARED_GONE = "This shared conversation was revoked or never existed.";

/**
 * Share on the chat page (`POST /conversational-ai?share`), with or without JavaScript: stores the
 * conversation the page carries and answers the page again with it and the link. Failures come
 * back beside the Share button with the conversation and what was typed kept.
 */
export async function shareConversationAction({ request, context }: Args) {
  // The chat form is multipart (its file field): files chosen but not yet sent are not shared.
  const values = await readFormFields(request, MAX_CHAT_UPLOAD_BYTES, [ATTACHMENT_FIELD]);
  const caller = await callerOf(context);
  const subscriber = caller.kind !== "visitor";
  const refuse = (status: number, error: string) =>
    data<ChatPageActionData>(
      { state: "invalid", values, fieldErrors: { share: error }, subscriber, share: { error } },
      { status, headers: noStore },
    );
  if (caller.kind === "visitor") return refuse(403, "Sharing a conversation is part of every plan: sign in with a subscription to share.");
  const parsed = parseForm(shareConversationForm, values);
  if (!parsed.ok) return refuse(400, Object.values(parsed.fieldErrors)[0] ?? "The conversation could not be read.");
  const { history, includeFiles } = parsed.data;
  if (history.length === 0) return refuse(400, "There is nothing to share yet: send a message first.");
  let carried = history;
  if (includeFiles) {
    try {
      carried = await withDocumentTexts(history, (await filesOwner(caller)).key);
    } catch (error) {
      if (error instanceof InputError) return refuse(400, error.message);
      throw error;
    }
  }
  const created = await createSharedConversation(caller.subscriber.email, snapshotOf(carried, includeFiles));
  if ("error" in created) return refuse(created.status, created.error);
  const path = sharedConversationPath(created.token);
  const origin = siteOrigin(request);
  return data<ChatPageActionData>(
    {
      state: "done",
      values,
      result: { conversation: shownConversation(history) },
      subscriber,
      share: { path, url: origin ? `${origin}${path}` : path, title: created.title },
    },
    { headers: noStore },
  );
}

/** GET /shared/chat/:token: the snapshot, for anyone; 404 once revoked (or never made). */
export async function sharedConversationPage(token: string | undefined) {
  const conversation = await findSharedConversation(token);
  if (!conversation) throw data(SHARED_GONE, { status: 404, headers: sharedHeaders });
  return data({ conversation }, { headers: sharedHeaders });
}

/** POST /shared/chat/:token, intent=revoke: the owner ends the link; anyone else gets the same 404 as an unknown link. */
export async function revokeSharedConversationAction({ request, context }: Args, token: string | undefined) {
  const parsed = parseForm(revokeShareForm, await readFormFields(request));
  if (!parsed.ok) throw data(parsed.fieldErrors.intent ?? "Unknown action: use Revoke.", { status: 400, headers: noStore });
  const session = context.get(accountContext);
  if (!session) throw data("Your session has ended. Sign in again to revoke your shared links.", { status: 401, headers: noStore });
  if (!(await revokeSharedConversation(session.email, token))) throw data(SHARED_GONE, { status: 404, headers: noStore });
  return redirect("/dashboard?revoked=1#shared-conversations", { status: 303, headers: noStore });
}
