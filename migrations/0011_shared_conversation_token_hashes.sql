-- Shared chat links are stored as the SHA-256 of their token, like report links and sessions
-- (docs/decisions/057): a leaked row must not be a working link. SQLite (D1) has no sha256(), so
-- this migration cannot hash the live rows itself: the column is renamed and a row made before it
-- keeps its raw token (43 base64url characters, never equal to a 64-character hex hash) until the
-- Worker rewrites it: the first time the link is opened or revoked, or the next retention sweep
-- (app/server/conversations/shared-conversations.server.ts, hashLegacyShareTokens).
ALTER TABLE shared_conversations RENAME COLUMN token TO token_hash;
