-- A per-member key signed into the one-click links of the mails a member gets (reply emails):
-- replacing it, as erasing the account does, revokes every such link sent so far.
ALTER TABLE users ADD COLUMN link_key TEXT NOT NULL DEFAULT '';
UPDATE users SET link_key = lower(hex(randomblob(16)));
