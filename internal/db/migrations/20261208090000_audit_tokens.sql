-- 'Atividade' filters by API token as it does by person: the records a token
-- made, newest first, and the tokens that made any (audit.People).

-- +goose Up
CREATE INDEX audit_records_token ON audit_records(chain, token_id, seq);

-- +goose Down
DROP INDEX audit_records_token;
