-- One ledger movement in one statement (see apps/server/src/modules/wallet/ledger.ts): the
-- transaction row, then per leg, in the order given, the conditional balance update and its
-- entry. A debit that would take a member account below zero raises ledger_insufficient_funds
-- (the statement, and so the whole movement, fails); a key seen before returns that movement.
CREATE OR REPLACE FUNCTION ledger_post(
  p_kind varchar,
  p_source varchar,
  p_key varchar,
  p_fingerprint varchar,
  p_member_id bigint,
  p_reference jsonb,
  p_accounts bigint[],
  p_amounts bigint[]
) RETURNS TABLE (transaction_id bigint, replayed boolean, account_ids bigint[], balances bigint[])
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_fingerprint varchar;
  v_balance bigint;
  v_balances bigint[] := '{}';
BEGIN
  INSERT INTO ledger_transactions (kind, source, idempotency_key, fingerprint, member_id, reference)
  VALUES (p_kind, p_source, p_key, p_fingerprint, p_member_id, p_reference)
  ON CONFLICT (source, idempotency_key) DO NOTHING
  RETURNING id INTO v_id;

  IF v_id IS NULL THEN
    SELECT t.id, t.fingerprint INTO v_id, v_fingerprint
    FROM ledger_transactions t WHERE t.source = p_source AND t.idempotency_key = p_key;
    IF v_fingerprint IS DISTINCT FROM p_fingerprint THEN
      RAISE EXCEPTION 'ledger_idempotency_mismatch' USING ERRCODE = 'P0001';
    END IF;
    RETURN QUERY
      SELECT v_id, true, array_agg(e.account_id ORDER BY e.id), array_agg(e.balance_after_minor ORDER BY e.id)
      FROM ledger_entries e WHERE e.transaction_id = v_id;
    RETURN;
  END IF;

  FOR i IN 1 .. array_length(p_accounts, 1) LOOP
    UPDATE ledger_accounts a
    SET balance_minor = a.balance_minor + p_amounts[i]
    WHERE a.id = p_accounts[i] AND (a.may_go_negative OR a.balance_minor + p_amounts[i] >= 0)
    RETURNING a.balance_minor INTO v_balance;
    IF NOT FOUND THEN
      SELECT a.balance_minor INTO v_balance FROM ledger_accounts a WHERE a.id = p_accounts[i];
      RAISE EXCEPTION 'ledger_insufficient_funds' USING ERRCODE = 'P0001',
        DETAIL = coalesce(v_balance, 0)::text;
    END IF;
    INSERT INTO ledger_entries (transaction_id, account_id, amount_minor, balance_after_minor)
    VALUES (v_id, p_accounts[i], p_amounts[i], v_balance);
    v_balances := v_balances || v_balance;
  END LOOP;

  RETURN QUERY SELECT v_id, false, p_accounts, v_balances;
END;
$$;
