-- The French name of an automatic rule (issue 22 §2) in the sale's refusals.
CREATE OR REPLACE FUNCTION borlette_rule_label(p_rule text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_rule WHEN 'date' THEN 'numéros du jour' WHEN 'digit' THEN 'règle des chiffres'
                     WHEN 'pair' THEN 'mariages de la boule' WHEN 'share' THEN 'part des ventes du tirage'
                     WHEN 'late' THEN 'dernières minutes avant la fermeture' ELSE p_rule END
$$;
