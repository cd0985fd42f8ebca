-- Which request claimed a webhook event: the request whose INSERT created the row writes its random
-- token here, and the statements applying the event (in the same D1 batch) only run when the row
-- holds their token. Concurrent or repeated deliveries of one event therefore apply it once.
ALTER TABLE processed_events ADD COLUMN claim TEXT;
