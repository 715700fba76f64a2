-- Single sign-on ('Login único'): a group's OpenID Provider (sso_providers;
-- client_secret sealed with AES-GCM under VITRINE_SECRET_KEY, "" when none),
-- the e-mail domains it answers for (sso_domains: a domain belongs to one
-- group), the sign-ins under way (sso_logins: the hash of the state sent to
-- the provider, with the nonce and the PKCE verifier, for 10 minutes), the
-- one-time codes a finished sign-in hands the console to exchange for a
-- session (sso_codes, hashed, for 2 minutes), and the people a group removed
-- from its team (team_departures), whom single sign-on does not bring back.
-- stores holds the ids of the stores new people get, as a JSON list.

-- +goose Up
CREATE TABLE sso_providers (
    franchise_id   TEXT PRIMARY KEY REFERENCES franchises(id) ON DELETE CASCADE,
    issuer         TEXT NOT NULL,
    client_id      TEXT NOT NULL,
    client_secret  TEXT NOT NULL DEFAULT '',
    role           TEXT NOT NULL,
    stores         TEXT NOT NULL DEFAULT '[]',
    allow_password INTEGER NOT NULL DEFAULT 1,
    updated_at     BIGINT NOT NULL
);

CREATE TABLE sso_domains (
    domain       TEXT PRIMARY KEY,
    franchise_id TEXT NOT NULL REFERENCES franchises(id) ON DELETE CASCADE
);
CREATE INDEX sso_domains_franchise ON sso_domains(franchise_id);

CREATE TABLE sso_logins (
    state_hash   TEXT PRIMARY KEY,
    franchise_id TEXT NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    nonce        TEXT NOT NULL,
    verifier     TEXT NOT NULL,
    expires_at   BIGINT NOT NULL
);

CREATE TABLE sso_codes (
    code_hash  TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires_at BIGINT NOT NULL
);

CREATE TABLE team_departures (
    franchise_id TEXT NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    removed_at   BIGINT NOT NULL,
    PRIMARY KEY (franchise_id, user_id)
);

-- +goose Down
DROP TABLE team_departures;
DROP TABLE sso_codes;
DROP TABLE sso_logins;
DROP TABLE sso_domains;
DROP TABLE sso_providers;
