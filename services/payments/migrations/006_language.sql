-- English and Tamil (issue 17): the language the member used at checkout (the request's Accept-Language),
-- for the receipt e-mail and the checkout page. Additive: existing orders read as English.
ALTER TABLE checkout_orders ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ta'));
