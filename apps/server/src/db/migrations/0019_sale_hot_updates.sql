-- Issue 19 §1 (the sale's cost in the database, docs/notes-sqlperf.md): the day sums per number are
-- updated by every sale (one row per game and number, shared by every draw and seller of the company),
-- and an index holding `amount` made each of those updates a non-HOT one: a new entry in both indexes
-- per update, the primary key's uniqueness check walking every dead version of the row (measured: the
-- upsert of 7 day sums took 5 ms after a busy day, inside the rows' locks, and the index was 29 MB for
-- 2 600 rows). Without it the updates are HOT; the statistics sort a day's numbers of a game instead.
DROP INDEX IF EXISTS "sale_numbers_day_amount_idx";
