-- Moving in (issue 27): what another platform knew about a subscriber and this site has no
-- column for (a paid or complimentary plan, a Stripe customer, labels) is kept as a note.
ALTER TABLE subscriptions ADD COLUMN note TEXT;
