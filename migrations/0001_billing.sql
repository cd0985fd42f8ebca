-- Subscribers and their subscriptions, as Stripe reports them (webhooks and checkout verification).
CREATE TABLE customers (
  id TEXT PRIMARY KEY,                 -- Stripe customer id (cus_…)
  email TEXT,
  created_at INTEGER NOT NULL          -- unix seconds
);

CREATE TABLE subscriptions (
  id TEXT PRIMARY KEY,                 -- Stripe subscription id (sub_…)
  customer_id TEXT NOT NULL REFERENCES customers(id),
  plan_id TEXT NOT NULL,               -- basic | pro | startup
  status TEXT NOT NULL,                -- Stripe status: active, trialing, past_due, canceled…
  current_period_start INTEGER,
  current_period_end INTEGER,
  cancel_at_period_end INTEGER NOT NULL DEFAULT 0,
  -- Time of the newest Stripe event applied: an older event arriving late changes nothing.
  last_event_at INTEGER NOT NULL
);
CREATE INDEX subscriptions_by_customer ON subscriptions(customer_id);

-- Every webhook event processed, so a redelivered event is recognised and skipped.
CREATE TABLE processed_events (
  id TEXT PRIMARY KEY,                 -- Stripe event id (evt_…)
  type TEXT NOT NULL,
  created INTEGER NOT NULL,
  processed_at INTEGER NOT NULL
);

-- Per-subscriber, per-tool, per-period usage counters for plan quotas.
CREATE TABLE usage (
  customer_id TEXT NOT NULL REFERENCES customers(id),
  tool TEXT NOT NULL,                  -- detector | humanizer | writer | voiceover | imagine | chat
  period_start INTEGER NOT NULL,
  used INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (customer_id, tool, period_start)
);
