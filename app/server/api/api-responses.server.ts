import { z } from "~/forms/zod";
import { planIds } from "~/content/plans";
import { attachmentRefSchema } from "~/forms/chat-attachments-form";
import { GENERATOR } from "~/content/ai-disclosure";
import { DIGITAL_SOURCE_TYPES } from "../credentials/manifests.server";
import { apiRefusalReasons } from "./api-access.server";
import { problemTypes, problemTypeUri, type ProblemType } from "./problem.server";

// What the developer API answers, as zod schemas: the generated content, the usage, the credentials
// check and problems (detection's answers are in detection-responses.server.ts). The endpoints build
// their JSON through these types, and the OpenAPI document (openapi.server.ts) is generated from them
// and the form schemas.

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
