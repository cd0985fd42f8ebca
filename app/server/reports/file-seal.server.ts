import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import type { DetectionResult, ScannedDocument } from "~/shared/ai-types";
import type { ReportFile } from "~/shared/report";
import type { ToolActionData } from "~/shared/tool-action-data";
import { sha256Hex } from "../account/secure-random.server";
import { fromBase64Url, toBase64Url } from "../base64.server";
import { purposeKey } from "../account/purpose-key.server";

// A document's facts as the server extracted them (docs/decisions/056), sealed for the detector
// page's 'Create a shareable report' form: the name, kind, pages, whether the text was cut, each
// paragraph's page and the SHA-256 of the text, as base64url JSON with an HMAC-SHA256 under a key
// derived from SESSION_SECRET. /reports names a file only from a seal that verifies and whose text
// is the one posted: a file name typed into the form is ignored like a verdict sent along.

/** What a seal vouches for: the file the report names, and how its text was laid out. */
export type SealedFile = ReportFile & { truncated: boolean; paragraphPages?: number[] };

type SealBody = SealedFile & { sha256: string };

/** The text as the report form reads it (LF line breaks, trimmed), so the page's text and the posted one hash alike. */
const asPosted = (text: string) => text.replace(/\r\n?/g, "\n").trim();
const utf8 = (text: string) => new TextEncoder().encode(text);

// A purpose of its own, so a seal is never a session cookie's signature nor a chat reply's.
const sealKey = () => purposeKey("contentforge report file seal v1");

/** The seal of a document the server extracted; undefined without SESSION_SECRET. */
export async function sealDocument(document: ScannedDocument): Promise<string | undefined> {
  const key = await sealKey();
  if (!key) return undefined;
  const body: SealBody = {
    name: document.name,
    kind: document.kind,
    ...(document.pages === undefined ? {} : { pages: document.pages }),
    truncated: document.truncated,
    ...(document.paragraphPages ? { paragraphPages: document.paragraphPages } : {}),
    sha256: await sha256Hex(asPosted(document.text)),
  };
  const encoded = toBase64Url(utf8(JSON.stringify(body)));
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, utf8(encoded)));
  return `${encoded}.${toBase64Url(mac)}`;
}

/** The file facts a seal vouches for, when it verifies and was made for this very text; otherwise undefined. */
export async function openSeal(seal: string, text: string): Promise<SealedFile | undefined> {
  const key = await sealKey();
  const [encoded, mac, extra] = seal.split(".");
  // Base64url of whole bytes never leaves one character over in its last group of four.
  const wellFormed = (part: string | undefined): part is string =>
    part !== undefined && /^[A-Za-z0-9_-]+$/.test(part) && part.length % 4 !== 1;
  if (!key || !wellFormed(encoded) || !wellFormed(mac) || extra !== undefined) return undefined;
  if (!(await crypto.subtle.verify("HMAC", key, fromBase64Url(mac), utf8(encoded)))) return undefined;
  const { sha256, ...file } = JSON.parse(new TextDecoder().decode(fromBase64Url(encoded))) as SealBody;
  return sha256 === (await sha256Hex(asPosted(text))) ? file : undefined;
}

/** The detector page's answer with a long document's result sealed, so its report can name the file. */
export async function withSealedDocument(
  answer: DataWithResponseInit<ToolActionData<DetectionResult>>,
): Promise<DataWithResponseInit<ToolActionData<DetectionResult>>> {
  const { data } = answer;
  if (data.state !== "done" || !data.result.document) return answer;
  const seal = await sealDocument(data.result.document);
  if (!seal) return answer;
  answer.data = { ...data, result: { ...data.result, document: { ...data.result.document, seal } } };
  return answer;
}
