-- Workspace (ARCHITECTURE.md 'Workspace'): every result a subscriber produces, on the web or
-- through the API, kept for the account. `id` is the unguessable name in URLs; `seq` is the
-- rowid the search index and keyset paging use. Every query is scoped to the account's email.
CREATE TABLE history_items (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,             -- 128 random bits, hex
  email TEXT NOT NULL,                 -- the account (accounts.email)
  tool TEXT NOT NULL,                  -- detector | humanizer | writer | voiceover | imagine | chat
  source TEXT NOT NULL,                -- web | api
  title TEXT NOT NULL,
  input TEXT NOT NULL,                 -- JSON: the form's values, to fill the tool's form again
  output TEXT NOT NULL,                -- JSON: the result as the tool answered it
  media_id TEXT,                       -- R2 object media/<id> of an image or audio result
  conversation_key TEXT,               -- chat: one item per conversation, updated as it goes on
  created_at INTEGER NOT NULL,         -- unix seconds
  updated_at INTEGER NOT NULL,         -- newest first is by this (a resumed chat moves up)
  expires_at INTEGER NOT NULL          -- the retention cron deletes the item after this
);
CREATE INDEX history_by_account ON history_items(email, updated_at DESC, seq DESC);
CREATE INDEX history_by_account_tool ON history_items(email, tool, updated_at DESC, seq DESC);
CREATE INDEX history_by_expiry ON history_items(expires_at);
CREATE UNIQUE INDEX history_by_conversation ON history_items(email, conversation_key) WHERE conversation_key IS NOT NULL;

-- Full-text search over each item's title and text (rowid = history_items.seq).
CREATE VIRTUAL TABLE history_search USING fts5(title, body, tokenize = 'unicode61 remove_diacritics 2');

-- However an item goes (delete, account deletion, retention), its search row goes with it.
CREATE TRIGGER history_items_search_delete AFTER DELETE ON history_items BEGIN
  DELETE FROM history_search WHERE rowid = old.seq;
END;

-- 'Export my data': one row per export asked for; the file is R2 object exports/<id>.json, built in
-- the background (waitUntil) and downloadable by its account for 24 hours.
CREATE TABLE data_exports (
  id TEXT PRIMARY KEY,                 -- 128 random bits, hex
  email TEXT NOT NULL,
  status TEXT NOT NULL,                -- preparing | ready | failed
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX data_exports_by_email ON data_exports(email, created_at);
CREATE INDEX data_exports_by_expiry ON data_exports(expires_at);

-- One row per result of a subscriber (web or API) for the dashboard's analytics. It holds no
-- content, so deleting a history item keeps it; the account's deletion and the retention cron
-- (after a year) remove it.
CREATE TABLE activity (
  email TEXT NOT NULL,
  tool TEXT NOT NULL,
  source TEXT NOT NULL,                -- web | api
  words INTEGER NOT NULL,              -- words of the input text, prompt or message
  verdict TEXT,                        -- detector only: ai | mixed | human
  created_at INTEGER NOT NULL
);
CREATE INDEX activity_by_account ON activity(email, created_at);
CREATE INDEX activity_by_age ON activity(created_at);
