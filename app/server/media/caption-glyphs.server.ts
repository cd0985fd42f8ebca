// The caption font of offline placeholders: DejaVu Sans outlines (Bitstream Vera licence) for
// printable ASCII and '·', generated into caption-glyphs.json by scripts/caption-glyphs.mjs.
import font from "./caption-glyphs.json";

export const captionFont = { unitsPerEm: font.unitsPerEm, ascender: font.ascender } as const;

/** Each character: its advance and its outline as path data, in font units with y pointing up. */
export const captionGlyphs: Record<string, readonly [advance: number, outline: string]> = Object.fromEntries(
  // JSON types a pair as an array of either: each is read back as the pair it is.
  Object.entries(font.glyphs).map(([character, [advance, outline]]) => [character, [Number(advance), String(outline)]]),
);
