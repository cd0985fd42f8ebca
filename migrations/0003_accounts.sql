-- Accounts (ARCHITECTURE.md 'Accounts'): an account is an email address. A subscription belongs to
-- the account whose address is its Stripe customer's email (customers.email), so existing rows need
-- no change. Tokens and session ids are stored only as SHA-256 hashes.
CREATE TABLE accounts (
  email TEXT PRIMARY KEY,              -- lower-cased address
  created_at INTEGER NOT NULL          -- unix seconds
);

-- Emailed sign-in links: single use (used_at), valid for 15 minutes.
CREATE TABLE sign_in_tokens (
  token_hash TEXT PRIMARY KEY,         -- hex SHA-256 of the token in the link
  email TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

-- One row per sign-in mail requested, for the per-address and per-client limits.
CREATE TABLE sign_in_requests (
  email TEXT NOT NULL,
  client TEXT NOT NULL,
  requested_at INTEGER NOT NULL
);
CREATE INDEX sign_in_requests_by_email ON sign_in_requests(email, requested_at);
CREATE INDEX sign_in_requests_by_client ON sign_in_requests(client, requested_at);

-- Signed-in browsers. The cookie carries the session id; only its hash is stored here.
CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,            -- hex SHA-256 of the session id
  email TEXT NOT NULL REFERENCES accounts(email),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,         -- slides forward, at most once a day
  refreshed_at INTEGER NOT NULL
);
CREATE INDEX sessions_by_email ON sessions(email);

-- Finding an account's Stripe customers by address, whatever case Stripe stored it in.
CREATE INDEX customers_by_email ON customers(lower(email));
