// The humanizer's tones: the form's choices, each with its own rewrites and joiners.

export type Tone = "professional" | "casual" | "friendly" | "academic" | "creative" | "persuasive";

export const TONES: readonly Tone[] = ["professional", "casual", "friendly", "academic", "creative", "persuasive"];
