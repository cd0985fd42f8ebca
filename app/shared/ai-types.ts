import type { ContentTypeId, HumanizerTone } from "~/content/catalogs";
import type { ChatAssistantId, ChatToneId } from "~/content/chat";
import type { ImageSizeId, ImageStyleId, VoiceId } from "~/content/media-catalogs";
import type { BrushStroke } from "~/forms/image-edit-form";
import type { LengthBandId, Strictness } from "~/shared/strictness";

/** Which configured model a check or a setting is about. */
export type ModelRole = "text" | "image" | "speech";

/** How an image meets a size: 'crop' fills it and trims the overflow, 'extend' fits it whole and pads. */
export type Fit = "crop" | "extend";

export type ImageType = "image/png" | "image/jpeg" | "image/webp";
/** EXIF orientation 1–8 (1: as stored); width and height are the image's as shown, i.e. after it. */
export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
/** An upload whose bytes were checked: its real type and its size as shown. */
export type ImageInfo = { type: ImageType; width: number; height: number; orientation: Orientation };

// The one interface every AI engine implements (docs/architecture.md 'The AI engine').
export type EngineId = "openai" | "offline";

export type SentenceScore = { text: string; start: number; end: number; score: number };

export type DetectionVerdict = "likely-human" | "mixed" | "likely-ai" | "too-short" | "english-only";

export type DetectionResult = {
  /** The text the spec shows: 'AI Probability: X%' then 'Analysis: …' (and a provider's commentary). */
  report: string;
  /** The trained model's calibrated probability (0–100) for the gauge; null when the text is too short or not English. */
  probability: number | null;
  /** Where the probability lies four times in five for a text of this length (percent); null when there is no probability. */
  range: { low: number; high: number } | null;
  verdict: DetectionVerdict;
  /** Per-sentence probabilities (0–1) from the same model, for highlighting. */
  sentences: SentenceScore[];
  /** The model's bands (probabilities, 0–1): 'reads as AI' from `likelyAi`, 'mixed' from `mixedFrom`. */
  bands: { likelyAi: number; mixedFrom: number };
  /** An uploaded document longer than the text box, scored section by section; sentence offsets are into its text. */
  document?: ScannedDocument;
  /**
   * The level the verdict was given at, every level's line for this length, and where the text
   * falls; null when not scored, absent on reports stored before levels existed.
   */
  strictness?: StrictnessReading | null;
  /** Which engine decided the verdict; present when a language-model scorer is configured (decision 059). */
  engine?: DetectionEngine;
};

/**
 * The engine behind a verdict: the stylometric model, or the Binoculars language-model scorer when
 * its score put the text under one of the paper's lines at the level picked.
 */
export type DetectionEngine = {
  id: "stylometric" | "binoculars";
  /** What the page says, e.g. 'Binoculars (tiiuae/falcon-7b / tiiuae/falcon-7b-instruct)'. */
  label: string;
  /** The Binoculars score (lower reads as machine-written), when the scorer answered. */
  score?: number;
  /** Why the scorer's score is missing: it failed or timed out, and the stylometric verdict stands. */
  note?: string;
};

/**
 * One strictness level's lines for a text of one length band (probabilities, 0–1) and what
 * cross-source validation measured there (shares, 0–1; null where nothing was measured).
 */
export type StrictnessLine = {
  level: Strictness;
  /** At or above: 'Likely AI'. */
  likelyAiFrom: number;
  /** At or above (and under `likelyAiFrom`): 'Mixed'; under: 'Likely human'. */
  mixedFrom: number;
  /** Human texts of this band wrongly called 'Likely AI' at this line, across held-out sources. */
  falsePositiveRate: number | null;
  /** AI texts of this band called 'Likely AI' at this line. */
  catchRate: number | null;
};

export type StrictnessReading = {
  /** The level the verdict was given at. */
  level: Strictness;
  band: LengthBandId;
  /** Every level's line for this band, strictest first. */
  lines: StrictnessLine[];
  /** The levels at which this text is 'Likely AI', strictest first (what a 'Mixed' answer explains). */
  flaggedAt: Strictness[];
};

/** A part of a document the detector scored on its own (a few hundred words; a PDF's pages named). */
export type DocumentSection = {
  /** 'Page 3', 'Pages 3–4' or 'Paragraphs 1–4'. */
  label: string;
  start: number;
  end: number;
  words: number;
  verdict: DetectionVerdict;
  /** 0–100; null when the section is not scored. */
  probability: number | null;
};

export type ScannedDocument = {
  name: string;
  kind: "pdf" | "docx" | "txt" | "md";
  pages?: number;
  words: number;
  characters: number;
  /** The text stopped at the extraction limit. */
  truncated: boolean;
  /** The extracted text, paragraphs joined by blank lines. */
  text: string;
  sections: DocumentSection[];
  /** A PDF's: each paragraph's page, so a report made from this result names the sections alike. */
  paragraphPages?: number[];
  /** On the detector page: these facts sealed by the server, the only way a report names the file (app/server/reports/file-seal.server.ts). */
  seal?: string;
};

/** One call of the provider humanizer (openai-humanize.server.ts) and what the detector made of its result. */
export type HumanizePass = {
  pass: number;
  /** The first pass paraphrases the whole text; later ones revise the sentences still flagged. */
  action: "paraphrase" | "revise";
  /** The detector's probability (0–100) of the text after this pass; null when too short or no answer. */
  probability: number | null;
  /** Sentences the detector still flags after this pass. */
  flagged: number;
  /** Whether the pass's text was kept (a revision must keep the input's invariants and score lower). */
  kept: boolean;
  /** Numbers, names, negations or sentence capitals of the input the pass's text lacks. */
  lost: string[];
  /** Revisions: how many sentences the provider was asked to rewrite. */
  rewrote?: number;
  note?: string;
};

/** A humanized text with the passes that made it. `before`: the detector's probability of the input. */
export type Humanization = {
  text: string;
  before: number | null;
  /** The engine's passes (the provider loop's paraphrase and revisions), for the page's 'what changed'. */
  passes: HumanizePass[];
  /** What the page says of how the text was rewritten, when it is not a language model. */
  notice?: string;
};

export type WriteRequest = { type: ContentTypeId; keywords: string[]; text: string };

export type SpeechRequest = { text: string; voice: VoiceId; speed: number; pitch: number; emotion: number };
export type ImageRequest = { prompt: string; style: ImageStyleId; size: ImageSizeId };

/** An edit: the image (checked, metadata stripped), the change, the painted area (none: the whole image). */
export type ImageEditRequest = {
  prompt: string;
  image: { bytes: Uint8Array; info: ImageInfo };
  size: ImageSizeId;
  fit: Fit;
  strokes: BrushStroke[];
  /** Instead of strokes (the developer API): a PNG of the image's size, transparent where it should change. */
  maskPng?: Uint8Array;
};

/**
 * A file on a chat message, as the engines receive it: a document already read to text by
 * `app/server/documents/` (the same limits and refusals as the detector's upload), an image as its
 * bytes in a data URL, or as the provider's id of the copy it was given once (`ChatFileUploads`,
 * docs/decisions/073). The offline engine reports what it read; a provider gets the text or the image.
 */
export type ChatAttachment =
  | { kind: "document"; name: string; bytes: number; text: string; words: number; pages?: number }
  | ({ kind: "image"; name: string; bytes: number; mediaType: ChatImageType } & ({ dataUrl: string } | { providerFileId: string }));

export type ChatImageType = "image/png" | "image/jpeg" | "image/webp" | "image/gif";

/**
 * A provider's own copies of a chat's images (docs/decisions/073): uploaded once when the image is
 * stored, named by id in later turns, expiring when ours does, deleted with ours.
 */
export interface ChatFileUploads {
  /**
   * Who holds the copies: a digest of the API key and base URL. A copy is named by id only to the
   * holder that uploaded it (another key's project cannot see it: OpenAI answers 404).
   */
  holder(): Promise<string>;
  /** The provider's id of its copy, kept `ttlSeconds`; throws when the provider refuses it. */
  upload(image: { name: string; mediaType: ChatImageType; data: Uint8Array }, ttlSeconds: number): Promise<string>;
  /** Deletes the provider's copy; throws when the provider refuses. */
  remove(providerFileId: string): Promise<void>;
}

export type ChatMessageInput = { role: "user" | "assistant"; content: string; attachments?: ChatAttachment[] };

/** A source a web search found, for the span of the reply [start, end) it supports (characters). */
export type ChatCitation = { url: string; title: string; start: number; end: number };

/**
 * One piece of a reply as an engine writes it: text to append, or a source for a span of the text
 * written so far (offsets into the whole reply, as JavaScript indexes strings).
 */
export type ChatPiece = { type: "text"; text: string } | { type: "citation"; citation: ChatCitation };

/** The conversation so far, ending with the new user message. */
export type ChatRequest = {
  messages: ChatMessageInput[];
  assistant: ChatAssistantId;
  tone: ChatToneId;
  /** The hosted web search tool, per message (off unless asked for; only a provider has it). */
  webSearch?: boolean;
  /** The project the chat is in (docs/decisions/071): its instructions, ahead of the assistant's own, and its files. */
  project?: ChatProject;
};

/** A project's part of every turn of its chats. */
export type ChatProject = { name: string; instructions: string; files: ChatAttachment[] };

/**
 * How generated bytes were made, for the Content Credentials the media store signs into them
 * (app/server/credentials): by which engine, from nothing (a prompt or a text) or by editing `parent`.
 */
export type MediaProvenance = {
  engine: EngineId;
  action: "created" | "edited";
  parent?: { bytes: Uint8Array; contentType: string };
};

/** Generated audio or image bytes, before they are stored and served from /media/:id. */
export type GeneratedMedia = {
  bytes: Uint8Array;
  contentType: string;
  /** An honest note the screen shows with the result (e.g. the offline engine's placeholder). */
  notice?: string;
  /** Set for every file an engine generates (engine.server.ts); an upload has none and is not signed. */
  provenance?: MediaProvenance;
};

/** An edited image, with what the offline editor understood of the prompt and what it did not. */
export type EditedMedia = GeneratedMedia & { width: number; height: number; understood?: string[]; ignored?: string[] };

export interface AiEngine {
  id: EngineId;
  /** Shown in the status line: which engine answers. */
  label: string;
  /** Distinguishes configurations for per-isolate caches. */
  cacheKey: string;
  /** The connection test (spec §7): succeeds or throws. */
  ping(): Promise<void>;
  /** `strictness`: the level the verdict is given at (DEFAULT_STRICTNESS when not given). */
  detect(text: string, strictness?: Strictness): Promise<DetectionResult>;
  humanize(text: string, tone: HumanizerTone): Promise<Humanization>;
  /** Markdown. */
  write(request: WriteRequest): Promise<string>;
  /** Spoken audio (WAV or MP3) for the voiceover screen. */
  speak(request: SpeechRequest): Promise<GeneratedMedia>;
  /** An image of exactly the requested size for the image screen. */
  imagine(request: ImageRequest): Promise<GeneratedMedia>;
  /** The image changed as the prompt asks, inside the painted area if there is one, at the requested size. */
  editImage(request: ImageEditRequest): Promise<EditedMedia>;
  /** The reply as it is written, piece by piece (Markdown text and the sources it cites); aborting the signal stops it. */
  chat(request: ChatRequest, signal?: AbortSignal): AsyncIterable<ChatPiece>;
  /** A provider that keeps a chat's images by id (the OpenAI engine); the offline engine reads the bytes each turn. */
  chatFiles?: ChatFileUploads;
  /** A provider's models and its word on each (model-lifecycle.server.ts); the offline engine has none. */
  lifecycle?: {
    models: { role: ModelRole; id: string }[];
    lookUp(id: string): Promise<ModelLookup>;
  };
}

/** What the provider says of a model: it serves it (maybe with a shutdown date), or it does not. */
export type ModelLookup = { found: true; shutdownDate: string | null } | { found: false };

/** The status line's data (spec §2): connected, or unavailable with the error to show. */
/** `offline`: the built-in engine answers (no provider key), which the status line must not present as a connected AI service. */
export type ConnectionStatus = { connected: true; engine: string; offline?: true } | { connected: false; engine: string; error: string };
