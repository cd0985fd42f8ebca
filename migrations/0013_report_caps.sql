-- Caps on a subscriber's reports (docs/decisions/056): the bytes each report keeps, summed per
-- account against the stored-bytes cap, and the reports an account made in each hour, counted apart
-- from the reports table so deleting a report does not give its place in the hour back.
ALTER TABLE reports ADD COLUMN stored_bytes INTEGER NOT NULL DEFAULT 0; -- UTF-8 bytes of text + result
UPDATE reports SET stored_bytes = length(CAST(text AS BLOB)) + length(CAST(result AS BLOB));

CREATE TABLE report_hours (
  account TEXT NOT NULL,               -- SHA-256 hex of the account's email: the table holds no address
  hour_start INTEGER NOT NULL,         -- unix seconds, a multiple of 3600
  made INTEGER NOT NULL,               -- reports made in that hour
  PRIMARY KEY (account, hour_start)
);
CREATE INDEX report_hours_by_start ON report_hours(hour_start);
