-- Kept in the transaction that appends the entries: one upsert per (company, agent, day) a statement
-- touched, from its transition table (bulk inserts are grouped). The sale writes its day row itself, in
-- its own statement (borlette.counting on: the trigger is not called — issue 19).
CREATE OR REPLACE FUNCTION wallet_agent_day_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wallet_agent_day AS d (company_id, agent_id, business_date, total, deposits, withdrawals, adjustments, zero,
                                     collections, moves, entries)
  SELECT n.company_id, n.agent_id, n.business_date, sum(n.amount),
         coalesce(sum(n.amount) FILTER (WHERE n.kind = 'deposit'), 0),
         coalesce(sum(n.amount) FILTER (WHERE n.kind = 'withdrawal'), 0),
         coalesce(sum(n.amount) FILTER (WHERE n.kind = 'adjustment'), 0),
         coalesce(sum(n.amount) FILTER (WHERE n.kind IN ('zero', 'zero_reversal')), 0),
         coalesce(sum(n.amount) FILTER (WHERE n.kind IN ('collection', 'collection_reversal')), 0),
         count(*) FILTER (WHERE n.kind IN ('deposit', 'withdrawal', 'adjustment', 'zero', 'zero_reversal', 'collection',
                                           'collection_reversal')),
         count(*)
    FROM new_entries n
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT (company_id, agent_id, business_date) DO UPDATE
     SET total = d.total + excluded.total, deposits = d.deposits + excluded.deposits,
         withdrawals = d.withdrawals + excluded.withdrawals, adjustments = d.adjustments + excluded.adjustments,
         zero = d.zero + excluded.zero, collections = d.collections + excluded.collections,
         moves = d.moves + excluded.moves, entries = d.entries + excluded.entries;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER wallet_entries_day AFTER INSERT ON wallet_entries
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT
  WHEN (current_setting('borlette.counting', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION wallet_agent_day_add();
