-- 'Delete my account' erases the address once more, at the first hourly run 30 minutes or more
-- after the deletion (docs/decisions/076): what was still being written for the account when it
-- was deleted (a chat reply in its object, a batch, an export) goes then too. The address stays
-- here, and nowhere else, until that second erase, which deletes this row with it.
CREATE TABLE account_erasures (
  email TEXT PRIMARY KEY,              -- the deleted account's address (accounts.email, lower-cased)
  erased_at INTEGER NOT NULL           -- unix seconds of the deletion
);
