import { z } from "~/forms/zod";
import { tools, type ToolId } from "~/content/tools";

// The workspace's history: the list's query string (tool filter, search, page cursor) and an item's
// forms. A bad parameter gets 400 with what to fix, never a 500 or a silently different list.

const toolIds = tools.map((tool) => tool.id) as [ToolId, ...ToolId[]];
export const HISTORY_SEARCH_MAX = 200;

/** A search box's words (the history page's and the chat page's list): trimmed, empty as none. */
export const historySearch = z
  .string()
  .trim()
  .max(HISTORY_SEARCH_MAX, `The search is too long: the limit is ${HISTORY_SEARCH_MAX} characters.`)
  .optional()
  .transform((q) => q || undefined);

export const historyQuery = z.object({
  tool: z
    .union([z.literal(""), z.enum(toolIds)], { message: `Unknown tool. Choose one of: ${toolIds.join(", ")}.` })
    .optional()
    .transform((tool) => tool || undefined),
  q: historySearch,
  cursor: z
    .string()
    .regex(/^[0-9a-z]{1,12}\.[0-9a-z]{1,12}$/, "This page link is not valid. Go back to the first page of your history.")
    .optional(),
});

export type HistoryQuery = z.infer<typeof historyQuery>;

/** Item ids are 128 random bits in hex; anything else cannot name an item. */
export const historyItemId = z.string().regex(/^[0-9a-f]{32}$/);

export const historyItemForm = z.object({
  intent: z.enum(["delete"], { message: "Unknown action. The only action on a history item is delete." }),
});
