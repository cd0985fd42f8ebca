import { data } from "react-router";
import { historyItemId } from "~/forms/history-forms";
import type { AccountSession } from "../account/sessions.server";
import { noStore } from "../personal-page.server";
import { findDataExport, type DataExport } from "./data-export.server";

/** The signed-in account's live export, or a thrown 404 (401 when signed out). */
export async function ownDataExport(session: AccountSession | undefined, id: string | undefined): Promise<DataExport> {
  if (!session) throw data("Sign in to download your data export.", { status: 401, headers: noStore });
  const found = historyItemId.safeParse(id).success ? await findDataExport(session.email, id!) : undefined;
  if (!found)
    throw data("This export does not exist or has expired. Ask for a new one on your dashboard.", { status: 404, headers: noStore });
  return found;
}
