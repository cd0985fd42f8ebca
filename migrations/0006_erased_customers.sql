-- 'Delete my account' keeps a Stripe customer's billing rows without its email address. A late or
-- repeated Stripe event (checkout.session.completed carries the buyer's email) or a revisit of the
-- success page must not write the address back and revive the deleted account: `erased_at` marks
-- the customer, and upsertCustomer never sets an email on a marked one.
ALTER TABLE customers ADD COLUMN erased_at INTEGER;   -- unix seconds of the account's deletion, or NULL
