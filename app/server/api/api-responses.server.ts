import { z } from "~/forms/zod";
import { planIds } from "~/content/plans";
import { attachmentRefSchema } from "~/forms/chat-attachments-form";
import { LENGTH_BANDS, STRICTNESS_LEVELS } from "~/shared/strictness";
import { GENERATOR } from "~/content/ai-disclosure";
import { DIGITAL_SOURCE_TYPES } from "../credentials/manifests.server";
import { apiRefusalReasons } from "./api-access.server";
import { problemTypes, problemTypeUri, type ProblemType } from "./problem.server";

// What the developer API answers, as zod schemas: the endpoints build their JSON through these
// types, and the OpenAPI document (openapi.server.ts) is generated from them and the form schemas.

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

// Every generated answer says it is AI-generated, by whom, with what and when (docs/decisions/064).
const provenance = z
  .object({
    aiGenerated: z.literal(true),
    generator: z.literal(GENERATOR),
    engine: z.enum(["openai", "offline"]).describe("openai, or offline: the site's built-in demo engine"),
    model: z.string().describe("The model that made it (e.g. the configured OpenAI model), or the offline engine's name"),
    created: z.iso.datetime().describe("When it was made"),
    manifest: z
      .boolean()
      .describe(
        "Whether the file at `url` carries a signed C2PA manifest (Content Credentials) saying it is AI-generated; always false for text, which has no container to carry one (/ai-transparency)",
      ),
    digitalSourceType: z
      .enum([DIGITAL_SOURCE_TYPES.trained.created, DIGITAL_SOURCE_TYPES.procedural.created])
      .describe(
        "IPTC's term for how it was made: trainedAlgorithmicMedia by the AI provider's model, algorithmicMedia by the offline engine",
      ),
    disclosure: z
      .string()
      .describe(
        "A sentence saying it is AI-generated, by whom and when: publish it with the content. The site's text downloads carry it (Markdown front matter, DOCX core properties, HTML meta)",
      ),
  })
  .describe("Provenance of what was generated (EU AI Act article 50): the machine-readable disclosure");

const notice = z.string().optional().describe("An honest note about the answer, e.g. that the offline demo engine wrote it");

export const humanizeResponse = z.object({ text: z.string(), notice, provenance });

export const writeResponse = z.object({
  markdown: z.string(),
  html: z.string().describe("The Markdown rendered to sanitized HTML"),
  provenance,
});

const media = {
  url: z.url().describe("Where to download the file; it expires 24 hours after creation"),
  contentType: z.string(),
  size: z.int().min(0).describe("Bytes"),
  expiresAt: z.iso.datetime(),
  notice,
  provenance,
};

export const speechResponse = z.object(media);

export const imageResponse = z.object({ ...media, width: z.int(), height: z.int(), alt: z.string() });

export const imageEditResponse = imageResponse.extend({
  understood: z.array(z.string()).optional().describe("The offline editor: the words of the prompt it applied"),
  ignored: z.array(z.string()).optional().describe("The offline editor: the words it does not understand"),
});

export const chatCitation = z.object({
  url: z.string().describe("The source's address"),
  title: z.string().describe("The source's title"),
  start: z
    .int()
    .min(0)
    .describe("Where the span of `message.content` it supports begins (UTF-16 code units, as JavaScript indexes strings)"),
  end: z.int().min(0).describe("Where that span ends (exclusive)"),
});

export const chatResponse = z.object({
  message: z.object({
    role: z.literal("assistant"),
    content: z.string().describe("Markdown"),
    signature: z
      .string()
      .optional()
      .describe("The server's signature on the reply: send it back with the message in `history` to keep it marked as the site's reply"),
  }),
  html: z
    .string()
    .describe("The reply rendered to sanitized HTML; with sources, numbered links after the spans they support and a 'Sources' list"),
  citations: z
    .array(chatCitation)
    .describe(
      'The web pages a search found for the reply (`"web_search": true`), each for a span of `message.content`; empty without a search',
    ),
  attachments: z
    .array(attachmentRefSchema)
    .optional()
    .describe("The files sent with this message, stored for 24 hours: put them on the message in `history` to ask about them again"),
  provenance,
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

export const usageResponse = z.object({
  plan: z.object({ id: z.enum(planIds), name: z.string() }),
  status: z.string().describe("Stripe's subscription status"),
  period: z.object({ start: z.iso.datetime(), end: z.iso.datetime().describe("When the quotas reset") }),
  tools: z.array(
    z.object({
      tool: z.enum(["detector", "humanizer", "writer", "voiceover", "imagine", "chat"]),
      label: z.string(),
      unit: z.string(),
      used: z.int().min(0),
      limit: z.int().min(0).nullable().describe("null = unlimited"),
    }),
  ),
});

export const problemResponse = z.object({
  type: z.enum((Object.keys(problemTypes) as ProblemType[]).map(problemTypeUri) as [string, ...string[]]),
  title: z.string(),
  status: z.int(),
  detail: z.string(),
  errors: z.record(z.string(), z.string()).optional().describe("invalid-request: what to fix, by field"),
  reason: z.enum(apiRefusalReasons).optional().describe("forbidden-plan: why"),
  policy: z
    .enum(["per-key", "per-account"])
    .optional()
    .describe("rate-limited: which limit refused (this key's, or all of the account's keys together)"),
  resetsAt: z.iso.datetime().optional().describe("quota-exceeded: when the quota resets"),
});

const sourceTypeReading = z.object({
  uri: z.string().describe("The IPTC digital source type, as written in the file"),
  words: z.string().describe("What it means ('made by an AI model', 'made by an algorithm', …)"),
  ai: z
    .boolean()
    .describe("True for a trained model's output (trainedAlgorithmicMedia, compositeWithTrainedAlgorithmicMedia, compositeSynthetic)"),
});

/** POST /api/v1/credentials: the credentials check's report (credentials-check.server.ts). */
export const credentialsResponse = z.object({
  format: z.enum(["image/png", "image/jpeg", "image/webp", "application/pdf"]).describe("The file's type, from its bytes"),
  found: z.boolean().describe("A C2PA manifest was found"),
  state: z
    .enum(["valid", "tampered", "untrusted", "none"])
    .describe(
      "valid: intact and signed by a trusted chain; tampered: changed after it was signed; untrusted: intact, signed by a certificate no trusted authority vouches for; none: no credentials",
    ),
  stateWords: z.string(),
  signer: z.string().optional().describe("The signing certificate's common name"),
  issuer: z.string().optional(),
  claimGenerator: z.string().optional(),
  actions: z.array(z.object({ action: z.string(), softwareAgent: z.string().optional(), source: sourceTypeReading.optional() })),
  aiSource: sourceTypeReading.optional().describe("The active manifest's digital source type"),
  ingredients: z.array(
    z.object({
      title: z.string().optional(),
      relationship: z.string().optional(),
      format: z.string().optional(),
      claimGenerator: z.string().optional(),
      signer: z.string().optional(),
    }),
  ),
  failures: z.array(z.string()).describe("The validator's failure codes (e.g. assertion.dataHash.mismatch); empty when valid"),
  xmpSourceTypes: z.array(sourceTypeReading).describe("Iptc4xmpExt:DigitalSourceType values in the file's XMP metadata"),
  note: z.string().optional().describe("Present when no credentials were found: that absence is not evidence of human origin"),
});
