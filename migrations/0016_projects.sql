-- Chat projects (issue 45 item 3, docs/decisions/071): a subscriber's named set of instructions and
-- files that every chat started in it uses, with its own list of chats. The files live in R2 at
-- project-files/<id>, marked with their owner's hash like chat files, as long as the project; this
-- row names them, so deleting the project or the account deletes them (the table registry).
CREATE TABLE projects (
  id TEXT PRIMARY KEY,                 -- 128 random bits, hex: the name in URLs and in the chat form's `project`
  email TEXT NOT NULL,                 -- the owner's account (accounts.email)
  name TEXT NOT NULL,                  -- at most 80 characters
  instructions TEXT NOT NULL,          -- at most 4,000 characters, sent ahead of the assistant's own with every turn
  files TEXT NOT NULL,                 -- JSON [AttachmentRef]: each R2 object project-files/<ref.id>
  created_at INTEGER NOT NULL,         -- unix seconds
  updated_at INTEGER NOT NULL
);
CREATE INDEX projects_by_account ON projects(email, updated_at DESC);

-- A chat started in a project belongs to it: listed with the project, deleted with it.
ALTER TABLE history_items ADD COLUMN project_id TEXT;
CREATE INDEX history_by_project ON history_items(email, project_id) WHERE project_id IS NOT NULL;
