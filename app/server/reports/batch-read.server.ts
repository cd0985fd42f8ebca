import { batchLimits } from "~/forms/batch-limits";
import { documentLimits } from "~/forms/document-limits";
import { formatCount } from "~/forms/format-count";
import type { BatchRow } from "~/shared/batch";
import { splitParagraphs } from "../documents/paragraphs.server";
import type { ReportSource } from "./report-scoring.server";

// A batch's files read one after another with the detector page's limits and refusals, and the
// batch's own text limit; apart from storage and charging (batches.server.ts) so the batch bench
// runs this very code.

/** A file of a batch: bytes read from the request when its turn comes, or text sent as JSON (the API). */
export type BatchInput = { name: string; bytes: () => Promise<Uint8Array> } | { name: string; text: string };

export type Read = { row: BatchRow; source?: ReportSource };

/** A file's row before it is read: its name only. */
export const unreadRow = (name: string): BatchRow => ({
  name,
  words: null,
  verdict: null,
  probability: null,
  reportId: null,
  problem: null,
});

/** Each file in turn, its bytes dropped once read; a file past the batch's text limit is not read. */
export async function readAll(inputs: BatchInput[]): Promise<Read[]> {
  const read: Read[] = [];
  let characters = 0;
  for (const input of inputs) {
    const row = unreadRow(input.name);
    const file = await readOne(input);
    if ("problem" in file) read.push({ row: { ...row, problem: file.problem } });
    else if (characters + file.characters > batchLimits.characters) {
      read.push({
        row: {
          ...row,
          problem: `The batch's text limit (${formatCount(batchLimits.characters)} characters) was reached before this file. It was not scanned or charged: send it in another batch.`,
        },
      });
    } else {
      characters += file.characters;
      read.push({ row, source: file.source });
    }
  }
  return read;
}

async function readOne(input: BatchInput): Promise<{ source: ReportSource; characters: number } | { problem: string }> {
  if ("text" in input) {
    const text = input.text.replace(/\r\n?/g, "\n");
    if (text.length > documentLimits.characters)
      return {
        problem: `This text has ${formatCount(text.length)} characters; a document takes up to ${formatCount(documentLimits.characters)}.`,
      };
    const paragraphs = splitParagraphs(text).map((paragraph) => ({ text: paragraph }));
    if (paragraphs.length === 0) return { problem: "This document's text is empty." };
    return { source: { name: input.name, kind: "txt", truncated: false, paragraphs }, characters: text.length };
  }
  // Loaded on the first file only: pdf.js is large.
  const { extractDocument } = await import("../documents/extract.server");
  const extracted = await extractDocument({ name: input.name, bytes: await input.bytes() });
  if (!extracted.ok) return { problem: extracted.message };
  const { kind, pages, paragraphs, truncated, characters } = extracted;
  return {
    source: { name: input.name, kind, truncated: truncated !== undefined, paragraphs, ...(pages === undefined ? {} : { pages }) },
    characters,
  };
}
