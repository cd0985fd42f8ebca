-- Batch scans (docs/decisions/045): up to 20 documents a subscriber sent at once, each scanned into
-- its own report (reports.id). The table, its CSV and its sort are rebuilt from `rows`; a batch is
-- the account's, kept as long as its reports (the history's year), and goes with the account.
CREATE TABLE batches (
  id TEXT PRIMARY KEY,                 -- 128 random bits, hex: the name in /ai-detector/batch/<id>
  email TEXT NOT NULL,                 -- the subscriber's account (accounts.email)
  channel TEXT NOT NULL,               -- 'web' (the page) or 'api' (POST /api/v1/detect/batch)
  files INTEGER NOT NULL,              -- files sent
  scanned INTEGER NOT NULL,            -- files scanned, each one unit of the detector's quota
  rows TEXT NOT NULL,                  -- JSON: per file its name, words, verdict, probability, report id, or its problem
  created_at INTEGER NOT NULL,         -- unix seconds
  expires_at INTEGER NOT NULL
);
CREATE INDEX batches_by_account ON batches(email, created_at DESC);
CREATE INDEX batches_by_expiry ON batches(expires_at);
