-- Issue 19 §3: the hot tables' keys carry company_id, the column a sharded deployment (Citus) would
-- distribute them by: Citus refuses a primary key, unique key or foreign key between two distributed
-- tables without it (docs/notes-citus.md; db/distribution.api.test.ts checks every table's keys).
-- Ids stay unique from their identity sequences; only the keys widen.
-- The primary keys are (id, company_id), not (company_id, id): the same one index still answers the
-- readers that look a row up by its id alone (borlette_fiche_json(id), payments, settlement, the back
-- office), so no index is added, and new ids still append at the right edge of the index.
-- Existing rows satisfy every new key (id was unique alone); each index is rebuilt under the table's
-- lock, within this migration's transaction.

-- The one foreign key between hot tables, dropped first: it depends on fiches' primary key.
ALTER TABLE fiche_payments DROP CONSTRAINT fiche_payments_fiche_id_fiches_id_fk;

ALTER TABLE fiches DROP CONSTRAINT fiches_pkey;
ALTER TABLE fiches ADD CONSTRAINT fiches_id_company_id_pk PRIMARY KEY (id, company_id);
-- The public link's key (/fiche-view/{ref_code}) is read by ref_code alone: it stays the leading
-- column. Unique per company; across companies the code is 128 random bits.
DROP INDEX fiches_ref_code_uq;
CREATE UNIQUE INDEX fiches_ref_code_company_uq ON fiches (ref_code, company_id);

ALTER TABLE fiche_lines DROP CONSTRAINT fiche_lines_pkey;
ALTER TABLE fiche_lines ADD CONSTRAINT fiche_lines_id_company_id_pk PRIMARY KEY (id, company_id);

ALTER TABLE fiche_payments DROP CONSTRAINT fiche_payments_pkey;
ALTER TABLE fiche_payments ADD CONSTRAINT fiche_payments_id_company_id_pk PRIMARY KEY (id, company_id);
-- A payment's ticket in the same company (both rows on the same shard once distributed).
ALTER TABLE fiche_payments ADD CONSTRAINT fiche_payments_company_id_fiche_id_fiches_company_id_id_fk
  FOREIGN KEY (company_id, fiche_id) REFERENCES fiches (company_id, id);

ALTER TABLE wallet_entries DROP CONSTRAINT wallet_entries_pkey;
ALTER TABLE wallet_entries ADD CONSTRAINT wallet_entries_id_company_id_pk PRIMARY KEY (id, company_id);
