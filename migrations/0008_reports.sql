-- Detection reports (docs/decisions/043): a text scored by the trained detector on the server,
-- kept so its owner can open, print, download and share it, with a signed scan receipt. The owner
-- is a subscriber's account (email) or, for anyone else, the browser holding the owner cookie,
-- whose random value is stored only as its SHA-256 (owner_hash). Every query names the owner, or a
-- live share link's hash; an id alone never finds a row.
CREATE TABLE reports (
  id TEXT PRIMARY KEY,                 -- 128 random bits, hex: the name in /reports/<id>
  email TEXT,                          -- a subscriber's account (accounts.email), or NULL
  owner_hash TEXT,                     -- a visitor's owner cookie, SHA-256 hex, or NULL
  text TEXT NOT NULL,                  -- the scanned text, exactly as scored (its SHA-256 is text_sha256)
  result TEXT NOT NULL,                -- JSON: the detector's result and the measured figures shown with it
  engine TEXT NOT NULL,                -- which detector scored it
  detector_version TEXT NOT NULL,      -- the detector's weights, by their SHA-256
  text_sha256 TEXT NOT NULL,           -- hex SHA-256 of the UTF-8 bytes of `text`
  receipt_payload TEXT,                -- the exact signed bytes (canonical JSON), or NULL without a signing key
  receipt_signature TEXT,              -- Ed25519 signature of receipt_payload, base64
  receipt_key_id TEXT,                 -- which public key verifies it (/.well-known/contentforge-receipt-keys.json)
  created_at INTEGER NOT NULL,         -- unix seconds
  expires_at INTEGER NOT NULL,         -- a visitor's: 24 hours; a subscriber's: the history's retention
  share_hash TEXT UNIQUE,              -- SHA-256 hex of the share link's token, NULL when not shared
  shared_at INTEGER,                   -- when the current link was made
  revoked_at INTEGER,                  -- when the last link was revoked (NULL while shared or never shared)
  CHECK ((email IS NULL) <> (owner_hash IS NULL))
);
CREATE INDEX reports_by_account ON reports(email, created_at DESC) WHERE email IS NOT NULL;
CREATE INDEX reports_by_visitor ON reports(owner_hash, created_at DESC) WHERE owner_hash IS NOT NULL;
CREATE INDEX reports_by_expiry ON reports(expires_at);
