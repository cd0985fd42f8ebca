-- An image edit started from an upload stores the upload as its original; the history item that
-- records the edit owns it, so deleting the item, the account or an expired item deletes it too.
ALTER TABLE history_items ADD COLUMN upload_media_id TEXT;   -- media id of the owned original, or NULL

-- A Checkout success page is single-use: the first visit records the session here (and mails the
-- confirmation link to a visitor's paid address); later visits only say so. No session starts.
CREATE TABLE checkout_returns (
  session_id TEXT PRIMARY KEY,   -- Stripe Checkout Session id (cs_…)
  used_at INTEGER NOT NULL       -- unix seconds of the first visit
);
