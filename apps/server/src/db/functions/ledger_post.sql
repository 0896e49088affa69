-- ledger_post: one ledger movement in one statement. The only code that writes ledger_transactions
-- and ledger_entries (accounts are opened by Ledger.open); called by modules/ledger/ledger.ts
-- (Ledger.post) and, inside the same statement, by game_wallet_post.
--
-- Inputs: p_kind (what happened: deposit, bet, win, withdrawal.hold, ...), p_source (who asked;
-- idempotency keys are unique per source), p_key (the idempotency key), p_fingerprint (SHA-256
-- of the canonical request), p_member_id (or NULL), p_reference (JSON shown in records),
-- p_accounts and p_amounts (one leg per index: ledger_accounts ids and signed minor units).
-- Output: one row (transaction_id, replayed, account_ids, balances): the movement's id, whether
-- the key was seen before, and each leg's account with its balance right after the movement.
--
-- Invariants: the caller (Ledger.post) passes legs that net to zero, at least two, merged per
-- account. Per leg, in the order given, one conditional update
-- (balance + x >= 0 unless the account may go negative) and its entry with the balance after:
-- never read-then-write. A debit a member account cannot cover raises ledger_insufficient_funds
-- (SQLSTATE P0001, DETAIL = the balance), so the statement and the caller's transaction leave
-- nothing behind.
-- Locking: rows are locked in the order of p_accounts; callers sort member accounts first, then
-- the house's, each by id, so two movements never wait on each other in a cycle.
-- Idempotency: (source, idempotency_key) is unique. A key seen before moves nothing and answers
-- the first movement's entries with replayed = true; the same key with another fingerprint
-- raises ledger_idempotency_mismatch (P0001). Concurrent duplicates wait on the unique index.

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
