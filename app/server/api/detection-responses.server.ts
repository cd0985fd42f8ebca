import { z } from "~/forms/zod";
import { LENGTH_BANDS, STRICTNESS_LEVELS } from "~/shared/strictness";

// What the developer API answers about detection, as zod schemas: a scan (POST /detect), its report
// (GET /reports/{id}) and a batch of files (POST /detect/batch). The endpoints build their JSON through
// these types, and the OpenAPI document (openapi.server.ts) is generated from them; the other answers
// are in api-responses.server.ts.

const sentenceScore = z.object({
  text: z.string(),
  start: z.int().min(0).describe("Offset of the sentence in the submitted text (UTF-16 code units)"),
  end: z.int().min(0),
  score: z.number().min(0).max(1).describe("How AI-like this sentence reads, 0–1"),
});

const strictnessLevel = z.enum(STRICTNESS_LEVELS);

const strictnessReading = z
  .object({
    level: strictnessLevel.describe("The level the verdict was given at (the request's `strictness`, balanced by default)"),
    band: z.enum(LENGTH_BANDS.map((band) => band.id)).describe("The text's length band (words); each band has lines of its own"),
    lines: z
      .array(
        z.object({
          level: strictnessLevel,
          likelyAiFrom: z.number().min(0).max(1).describe("From this probability (0–1) on, 'Likely AI' at this level"),
          mixedFrom: z.number().min(0).max(1).describe("From this probability on, below likelyAiFrom, 'Mixed'"),
          falsePositiveRate: z
            .number()
            .min(0)
            .max(1)
            .nullable()
            .describe("Human texts of this band wrongly called 'Likely AI' at this line, on held-out sources; null: not measured yet"),
          catchRate: z
            .number()
            .min(0)
            .max(1)
            .nullable()
            .describe("AI texts of this band called 'Likely AI' at this line, on held-out sources; null: not measured yet"),
        }),
      )
      .describe("Every level's line for this band, strictest first"),
    flaggedAt: z.array(strictnessLevel).describe("The levels at which this text is 'Likely AI', strictest first"),
  })
  .nullable()
  .describe("The strictness level used, its line and measured rates for this length, and where the text falls; null when not scored");

export const detectResponse = z.object({
  probability: z
    .number()
    .min(0)
    .max(100)
    .nullable()
    .describe(
      "The trained detector's calibrated AI probability in percent; null when the text is too short (under 40 words) or not English",
    ),
  range: z
    .object({ low: z.number().min(0).max(100), high: z.number().min(0).max(100) })
    .nullable()
    .describe(
      "Where the probability lies four times in five for a text of this length (percent): short texts have wide ranges; null with no probability",
    ),
  verdict: z
    .enum(["likely-human", "mixed", "likely-ai", "too-short", "english-only"])
    .describe(
      "The band the probability falls in; too-short under 40 words; english-only for text in another language (the detector reads English only for now)",
    ),
  report: z.string().describe("'AI Probability: X%' then 'Analysis: …' naming the strongest signals, as the web page shows it"),
  sentences: z.array(sentenceScore),
  bands: z
    .object({
      likelyAi: z.number().min(0).max(1).describe("From this score on, a sentence (or the text, as probability / 100) reads as AI"),
      mixedFrom: z.number().min(0).max(1).describe("From this score on, below likelyAi, it is mixed; below it, human"),
    })
    .describe("The detector version's band edges, 0–1: how the verdict was drawn, and how the page colours sentences by their score"),
  // Optional: reports stored before levels have none.
  strictness: strictnessReading.optional(),
  engine: z
    .object({
      id: z.enum(["stylometric", "binoculars"]),
      label: z.string().describe("E.g. 'Binoculars (tiiuae/falcon-7b / tiiuae/falcon-7b-instruct)'"),
      score: z.number().optional().describe("The Binoculars score (lower reads as machine-written), when the scorer answered"),
      note: z.string().optional().describe("Why the language-model scorer gave no score; the stylometric verdict stands"),
    })
    .optional()
    .describe("Which engine decided the verdict: present only where the operator runs a language-model scorer (decision 059)"),
  document: z
    .object({
      name: z.string(),
      kind: z.enum(["pdf", "docx", "txt", "md"]),
      pages: z.int().min(1).optional(),
      words: z.int().min(0),
      characters: z.int().min(0).describe("Of the extracted text, paragraphs joined by blank lines; sentence offsets are into it"),
      truncated: z.boolean().describe("Only the first 200,000 characters were read"),
      sections: z.array(
        z.object({
          label: z.string().describe("'Page 3', 'Pages 3–4' or 'Paragraphs 1–4'"),
          start: z.int().min(0),
          end: z.int().min(0),
          words: z.int().min(0),
          verdict: z.enum(["likely-human", "mixed", "likely-ai", "too-short", "english-only"]),
          probability: z.number().min(0).max(100).nullable(),
        }),
      ),
    })
    .optional()
    .describe(
      "An uploaded document longer than 10,000 characters: its sections, each scored on its own; the probability combines them as calibrated on document-length texts",
    ),
});

export const reportResponse = z.object({
  id: z.string().describe("The report's id (128 random bits, hex)"),
  url: z.url().describe("The report's page on the site, for you (signed in) only; share it from there"),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().describe("When the report is deleted (a subscriber's: a year, like the history)"),
  text: z.string().describe("The scanned text, exactly as scored (line breaks as LF)"),
  sha256: z.string().describe("Hex SHA-256 of the text's UTF-8 bytes"),
  words: z.int().min(0),
  file: z
    .object({ name: z.string(), kind: z.enum(["pdf", "docx", "txt", "md"]), pages: z.int().min(1).optional() })
    .optional()
    .describe("The uploaded document the report is of (a batch's file, or a document from the detector page)"),
  engine: z.string().describe("The detector that scored the text"),
  detectorVersion: z.string().describe("The detector's weights, by their SHA-256"),
  result: detectResponse,
  figures: z
    .object({
      measured: z.string().describe("When the evaluation measured the detector (YYYY-MM-DD)"),
      falsePositiveRate: z.number().min(0).max(1).describe("Human texts wrongly called 'Likely AI', held out by source"),
      currentChatModelsCaught: z.number().min(0).max(1).describe("Text from current chat models called 'Likely AI'"),
      auc: z.number().min(0).max(1).nullable().describe("ROC AUC, held out by source"),
    })
    .describe("The detector's measured error rates when the report was made"),
  receipt: z
    .object({
      payload: z.string().describe("The exact signed bytes (UTF-8 JSON); verify these, do not rebuild them"),
      signature: z.string().describe("Ed25519 signature of payload, base64"),
      keyId: z.string().describe("The key in /.well-known/contentforge-receipt-keys.json that verifies it"),
      algorithm: z.literal("Ed25519"),
    })
    .nullable()
    .describe("The signed scan receipt (/docs/receipts); null when the server had no signing key"),
  sharing: z.object({
    state: z.enum(["private", "shared", "revoked"]).describe("shared: anyone with the link can open it"),
    since: z.iso.datetime().nullable().describe("When it was shared or its link revoked"),
  }),
});

const verdicts = z.enum(["likely-human", "mixed", "likely-ai", "too-short", "english-only"]);

export const batchResponse = z.object({
  id: z.string().describe("The batch's id; its table is at url"),
  url: z.url().describe("The batch's table on the site (signed in), with its CSV"),
  files: z.int().min(1).describe("Files sent"),
  scanned: z.int().min(0).describe("Files scanned, each one unit of the detector's quota"),
  strictness: strictnessLevel.nullable().describe("The strictness level every file was read at (the request's `strictness`)"),
  results: z
    .array(
      z.object({
        name: z.string(),
        words: z.int().min(0).nullable(),
        verdict: verdicts.nullable(),
        probability: z.number().min(0).max(100).nullable().describe("0–100; null when not scanned or not scored"),
        report: z
          .object({ id: z.string(), url: z.url() })
          .nullable()
          .describe("The file's report (GET /reports/{id}); null when it was not scanned"),
        problem: z.string().nullable().describe("Why the file was not scanned (and not charged): what to fix"),
      }),
    )
    .describe("One result per file, in the order sent"),
});
