import { formatCount } from "~/forms/format-count";
import { limits } from "~/forms/limits";
import type { DetectionResult } from "~/shared/ai-types";
import { z } from "~/forms/zod";
import { strictnessField } from "~/forms/strictness-field";
import { detectDocument, documentResult } from "../detector/document-detection.server";
import { withLanguageModelScorerOnDocument } from "../detector/lm-scorer.server";
import { DOCUMENT_FIELD, documentUpload, type DocumentForm } from "./document-upload.server";
import type { ToolDefinition, ToolForm } from "./tool-definition.server";
import { detectorRun, humanizerRun } from "./tool-runs.server";

// The detector and the humanizer with their documents: pasted text, or a document whose text takes its
// place. A document that fits the text box runs exactly as if it had been pasted (and comes back
// in the box); a longer one is scored section by section by the detector, and refused by the
// humanizer, which rewrites one box of text at a time.

type HumanizedText = Awaited<ReturnType<typeof humanizerRun.run>>;

/** The detector for every transport: pasted text, or a document. */
export const detectorTool: ToolDefinition<typeof detectorRun.schema, DetectionResult> = {
  ...detectorRun,
  upload: documentUpload(detectorWithDocument),
};

/** The humanizer for every transport: pasted text, or a document that fits one rewrite. */
export const humanizerTool: ToolDefinition<typeof humanizerRun.schema, HumanizedText> = {
  ...humanizerRun,
  upload: documentUpload(humanizerWithDocument<HumanizedText>),
};

/** The detector's input once a form (page or API) is read: a short document as pasted text, a long one scored by sections. */
function detectorWithDocument(read: DocumentForm): ToolForm<DetectionResult> {
  const { document, ...form } = withoutClaimedName(read);
  if (!document) return form;
  const values = { ...form.values, [DOCUMENT_FIELD]: document.name };
  if (document.characters <= limits.detectorText) return { ...form, values: { ...values, text: document.text } };
  return { ...form, values: { ...values, text: "" }, definition: documentDetection(document) };
}

/** The humanizer's input once a form is read: a document's text in place of the pasted text, if it fits one rewrite. */
function humanizerWithDocument<Result>(read: DocumentForm): ToolForm<Result> {
  const { document, ...form } = withoutClaimedName(read);
  if (!document) return form;
  if (document.characters > limits.humanizerText) {
    const message = `This document has ${formatCount(document.characters)} characters; the humanizer rewrites up to ${formatCount(limits.humanizerText)} at a time. Upload a shorter part, or paste a section of it.`;
    return { ...form, fieldErrors: { [DOCUMENT_FIELD]: message } };
  }
  return { ...form, values: { ...form.values, [DOCUMENT_FIELD]: document.name, text: document.text } };
}

/** A document's name in the values is the server's to set: a text field of that name is dropped. */
function withoutClaimedName(form: DocumentForm): DocumentForm {
  const { [DOCUMENT_FIELD]: _claimed, ...values } = form.values;
  return { ...form, values };
}

/** What a long document's run reads of the form besides the document: the level. */
const documentForm = z.object({ strictness: strictnessField });

/** A document longer than the text box: one detector run over all of it, each section scored on its own, at the form's level. */
function documentDetection(document: NonNullable<DocumentForm["document"]>): ToolDefinition<z.ZodType, DetectionResult> {
  const definition: ToolDefinition<typeof documentForm, DetectionResult> = {
    tool: "detector",
    schema: documentForm,
    run: async ({ strictness }) => {
      // With DETECTOR_SCORER_URL set, the language models read each section too (decision 059).
      const detection = await withLanguageModelScorerOnDocument(detectDocument(document.paragraphs, strictness));
      return {
        ...documentResult(detection),
        document: {
          name: document.name,
          kind: document.kind,
          ...(document.pages === undefined ? {} : { pages: document.pages }),
          words: detection.words,
          characters: detection.text.length,
          truncated: document.truncated !== undefined,
          text: detection.text,
          sections: detection.sections,
          ...(document.pages === undefined ? {} : { paragraphPages: document.paragraphs.map((paragraph) => paragraph.page ?? 1) }),
        },
      };
    },
  };
  return definition as unknown as ToolDefinition<z.ZodType, DetectionResult>;
}
