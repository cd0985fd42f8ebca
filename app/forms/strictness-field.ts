import { z } from "~/forms/zod";
import { DEFAULT_STRICTNESS, STRICTNESS_LEVELS } from "~/shared/strictness";

// The strictness level a detector form (page, API, batch, report) may name: one of the three, the
// default when the field is absent. The message lists the values as the form and the API send them.
export const strictnessField = z
  .enum(STRICTNESS_LEVELS, {
    message: `Unknown strictness level. Pick one of: ${STRICTNESS_LEVELS.map((level) => (level === DEFAULT_STRICTNESS ? `${level} (the default)` : level)).join(", ")}.`,
  })
  .optional()
  .default(DEFAULT_STRICTNESS)
  .describe(
    "How cautious the detector is before it says 'Likely AI': strict (about 1 in 1,000 human texts wrongly flagged), balanced (about 1 in 100; the default) or sensitive (about 1 in 20)",
  );
