-- Shared chat conversations (docs/decisions/049): a read-only snapshot of a subscriber's
-- conversation, opened by anyone holding its link at /shared/chat/<token>, listed on the owner's
-- dashboard and revocable there. The snapshot is what the owner's page carried when they shared it
-- (at most the 20 messages a chat post carries); replies are stored as Markdown and rendered to
-- sanitized HTML when the page is opened, never stored as HTML.
CREATE TABLE shared_conversations (
  token TEXT PRIMARY KEY,              -- 256 random bits, base64url: the link itself (kept so the owner can open it again)
  email TEXT NOT NULL,                 -- the owner's account (accounts.email)
  title TEXT NOT NULL,                 -- from the first message, at most 80 characters
  messages TEXT NOT NULL,              -- JSON [{id, role, content, attachments?: [{kind, name, bytes, text?}]}]; '[]' once revoked
  created_at INTEGER NOT NULL,         -- unix seconds
  revoked_at INTEGER                   -- when the owner revoked it (title and messages are erased then; the row goes a day later), or NULL while live
);
CREATE INDEX shared_conversations_by_account ON shared_conversations(email, created_at DESC);
