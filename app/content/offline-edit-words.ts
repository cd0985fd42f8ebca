/**
 * What the offline image editor understands in 'Describe the change' (docs/architecture.md 'Image editing'),
 * as the page lists it. The words themselves are matched in server/ai/offline/edit-vocabulary.server.ts.
 */
export const offlineEditWords = [
  "brighter / darker",
  "warmer / cooler",
  "more contrast / less contrast",
  "vivid / muted",
  "black and white",
  "sepia",
  "blur / sharpen",
  "flip / flip vertically",
  "rotate / rotate left / rotate 180",
  "the style cards as filters: realistic, artistic, 3D, cartoon, sketch, abstract",
  "much, very, slightly, a little (how strongly)",
];
