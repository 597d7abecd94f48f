-- borlette_apply_counts has no caller since a reactivation passes the automatic rules (issue 22 §2):
-- borlette_count calls borlette_add_counts and raises the limits' and the rules' problems together.
DROP FUNCTION IF EXISTS borlette_apply_counts(bigint, bigint, date, bigint[], int[], text[], bigint[], int[], int, boolean);
