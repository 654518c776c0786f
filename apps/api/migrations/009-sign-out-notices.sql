-- Why a user's sessions were all ended (JSON of the domain's SignOutNotice, today a role change).
-- Kept on the user until the next sign-in, which moves it to that session: its Account page
-- says so for as long as the session lasts.
ALTER TABLE users ADD COLUMN sign_out_notice TEXT;
ALTER TABLE sessions ADD COLUMN notice TEXT;
