-- A Stripe customer belongs to an account only once the account has proven it
-- (docs/decisions/055-subscriptions-bound-to-accounts.md): a signed-in buyer's checkout binds its
-- customer at once; a visitor's checkout stays unbound until the mailed link of its paid address
-- is used. The plan an account gets is read only from the customers bound to it, never from
-- whoever typed the same address at Checkout.
ALTER TABLE customers ADD COLUMN account_email TEXT;   -- lower-cased address of the account it is bound to, or NULL
CREATE INDEX customers_by_account ON customers(account_email);

-- The link /success mails for a visitor's checkout also claims that checkout's customer when used.
ALTER TABLE sign_in_tokens ADD COLUMN claims_customer_id TEXT;   -- Stripe customer id (cus_…), or NULL for a plain sign-in

-- Until now the address alone bound a customer to an account: existing customers keep that binding
-- (signing in as the address proves the same inbox the claim link does), so no subscriber loses a plan.
UPDATE customers SET account_email = lower(email) WHERE erased_at IS NULL AND email IS NOT NULL;
