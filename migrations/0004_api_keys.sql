-- Developer API (ARCHITECTURE.md 'Developer API'): keys belong to an account (an email address)
-- and are stored only as the SHA-256 of the secret, which is shown once when the key is created.
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,                 -- random, names the key in the dashboard's revoke form
  email TEXT NOT NULL REFERENCES accounts(email),
  name TEXT NOT NULL,
  prefix TEXT NOT NULL,                -- the first characters of the secret, to recognise it by
  key_hash TEXT NOT NULL UNIQUE,       -- hex SHA-256 of the whole secret
  created_at INTEGER NOT NULL,         -- unix seconds
  last_used_at INTEGER,
  revoked_at INTEGER
);
CREATE INDEX api_keys_by_email ON api_keys(email, revoked_at);

-- Requests per key per minute: one counter row per key and window, raised by one conditional
-- upsert so concurrent calls can never pass the limit.
CREATE TABLE api_rate_windows (
  key_id TEXT NOT NULL,
  window_start INTEGER NOT NULL,       -- unix seconds, a multiple of the window length
  count INTEGER NOT NULL,
  PRIMARY KEY (key_id, window_start)
);

-- Idempotency-Key: the first answer to a POST, replayed for 24 hours to retries with the same key.
CREATE TABLE api_idempotency (
  key_id TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  request_hash TEXT NOT NULL,          -- SHA-256 of method, path and body: a reused key with another body is refused
  status INTEGER,                      -- NULL while the first request is still running
  content_type TEXT,
  body TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (key_id, idempotency_key)
);
CREATE INDEX api_idempotency_by_age ON api_idempotency(created_at);
