-- The strictness level a batch's files were read at (strict, balanced or sensitive; issue 42).
-- NULL for batches scanned before levels existed: their pages show no level.
ALTER TABLE batches ADD COLUMN strictness TEXT;
