-- The chat page's conversation list (issue 45 item 2, docs/decisions/067): a subscriber pins a
-- conversation to keep it at the top. NULL is not pinned; otherwise when it was pinned (unix
-- seconds), so the last one pinned comes first. A rename changes history_items.title itself.
ALTER TABLE history_items ADD COLUMN pinned_at INTEGER;
