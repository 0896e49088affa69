-- game_wallet_pay_split: a win or a rollback paid to a member in two parts, cash and bonus balance
-- (docs/bonuses.md). Called only by game_wallet_post, for a round with a bonus share; the money
-- moves through ledger_post.
--
-- Inputs: the movement's kind, source, idempotency key, fingerprint, member, currency and
-- reference (as ledger_post takes them); the member's cash account, their bonus_balance account
-- (NULL: looked up, opened before by the bet that took the bonus part), the house shard's
-- account; p_to_cash and p_to_bonus, what each account receives (>= 0).
-- Output: one row (transaction_id, balance, replayed): the movement (NULL when both parts are 0:
-- nothing is posted), the member's cash plus bonus balance after it, ledger_post's replayed.
--
-- Invariants: legs net to zero: the house pays p_to_cash + p_to_bonus; a zero part has no leg.
-- Locking: the member's accounts by id, then the house's (inside ledger_post), as every movement.
-- Idempotency: ledger_post's (source, key).

CREATE OR REPLACE FUNCTION game_wallet_pay_split(
  p_kind varchar,
  p_source varchar,
  p_key varchar,
  p_fingerprint varchar,
  p_member_id bigint,
  p_currency varchar,
  p_reference jsonb,
  p_cash_account bigint,
  p_bonus_account bigint,
  p_house_account bigint,
  p_to_cash bigint,
  p_to_bonus bigint
) RETURNS TABLE (transaction_id bigint, balance bigint, replayed boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_bonus_account bigint := p_bonus_account;
  v_accounts bigint[];
  v_amounts bigint[];
  v_ledger bigint;
  v_replayed boolean := false;
  v_balance bigint;
BEGIN
  IF v_bonus_account IS NULL THEN
    SELECT a.id INTO v_bonus_account FROM ledger_accounts a
    WHERE a.kind = 'bonus_balance' AND a.owner_id = p_member_id AND a.currency = p_currency
      AND a.shard = 0;
  END IF;
  IF p_to_cash > 0 AND p_to_bonus > 0 THEN
    IF p_cash_account < v_bonus_account THEN
      v_accounts := ARRAY[p_cash_account, v_bonus_account, p_house_account];
      v_amounts := ARRAY[p_to_cash, p_to_bonus, -(p_to_cash + p_to_bonus)];
    ELSE
      v_accounts := ARRAY[v_bonus_account, p_cash_account, p_house_account];
      v_amounts := ARRAY[p_to_bonus, p_to_cash, -(p_to_cash + p_to_bonus)];
    END IF;
  ELSIF p_to_cash > 0 THEN
    v_accounts := ARRAY[p_cash_account, p_house_account];
    v_amounts := ARRAY[p_to_cash, -p_to_cash];
  ELSIF p_to_bonus > 0 THEN
    v_accounts := ARRAY[v_bonus_account, p_house_account];
    v_amounts := ARRAY[p_to_bonus, -p_to_bonus];
  END IF;
  IF v_accounts IS NOT NULL THEN
    SELECT l.transaction_id, l.replayed INTO v_ledger, v_replayed
    FROM ledger_post(p_kind, p_source, p_key, p_fingerprint, p_member_id, p_reference,
                     v_accounts, v_amounts) l;
  END IF;
  SELECT coalesce(sum(a.balance_minor), 0) INTO v_balance FROM ledger_accounts a
  WHERE a.id IN (p_cash_account, v_bonus_account);
  RETURN QUERY SELECT v_ledger, v_balance, v_replayed;
END;
$$;
