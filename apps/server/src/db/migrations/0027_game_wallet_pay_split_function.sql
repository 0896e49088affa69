-- Hand-written: game_wallet_post takes two more arguments (the active member bonus and the
-- bonus_balance account); the old signature goes, so no call can reach it by mistake.
DROP FUNCTION IF EXISTS game_wallet_post(varchar, varchar, varchar, varchar, varchar, bigint, bigint, bigint, varchar, varchar, bigint, boolean, varchar, bigint, bigint, jsonb, jsonb);
--> statement-breakpoint
-- Applies db/functions/game_wallet_pay_split.sql (edit that file, not this one).
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
--> statement-breakpoint
-- Applies db/functions/game_wallet_post.sql (edit that file, not this one).
-- game_wallet_post: one vendor call (bet, win or rollback) in one statement. Called by
-- modules/game-wallet (wallet-post-batcher.ts, alone or through game_wallet_post_many); the
-- money moves through ledger_post in the same statement.
--
-- Inputs: the provider and the vendor's transaction id (p_tx_ref, taken once per provider), its
-- round (p_round_ref) or, for a rollback, the bet it undoes (p_ref_tx_ref); the member, game,
-- session, account kind (cash or play) and currency from the game session the call was
-- authorised by (never from the vendor); p_amount in minor units, p_final (a win that settles
-- the round), p_fingerprint (of the canonical request), the member's account and the house
-- shard's account (ledger_accounts ids), p_reference (for the ledger) and p_detail (the round's
-- JSON detail, merged on wins); p_member_bonus_id and p_bonus_account: the member's active bonus
-- (member_bonuses id) and their bonus_balance account, both NULL when the member has no active
-- bonus (and always for play money): then every path is the one without bonuses.
-- Output: one row (outcome, round_id, balance, replayed, round_status, round_stake, round_win);
-- balance is cash plus bonus balance (what a vendor shows) when p_bonus_account is given.
-- Outcomes: ok; mismatch (the id was used for another request); late (a bet whose id a rollback
-- already took); unknown_round (no such round, another member's, or other money); closed_round;
-- not_a_bet (a rollback of a win).
--
-- Bonuses (docs/bonuses.md): a round's bonus is fixed at its first bet (game_rounds.member_bonus_id,
-- the active bonus then). A bet takes cash first, then the bonus balance, only from the round's
-- own bonus (a later bet of a round opened under no bonus or another one is cash only); the bet
-- row keeps its bonus part (bonus_amount_minor), the round the sum (bonus_stake_minor); one
-- ledger_post with the cash, bonus_balance and house legs. A bonus part is taken only while
-- p_member_bonus_id is still active, else game_wallet_bonus_changed is raised (the caller reads
-- the active bonus again and retries). A win's bonus share is floor(win * bonus_stake / stake)
-- of the round; it goes by the round's bonus status: active -> bonus_balance, converted -> cash,
-- forfeited or expired -> not paid at all (the player gave that money up: the house keeps it).
-- The rest of the win is cash. A rollback puts the bet's cash part back into cash and its bonus
-- part back by the same rule. Each win and rollback records its bonus share in
-- game_transactions.bonus_amount_minor, and where it went in the ledger reference
-- (`bonusShare`, `bonusTo`: bonus, cash or forfeited); an unpaid share is a win amount the ledger
-- never moved; game_rounds.bonus_win_minor counts only shares paid into the bonus balance.
--
-- Invariants: a win is paid into the account its round was staked from; play money is never
-- refunded into cash. Nothing is written before a refusal. A bet the balance (cash plus bonus)
-- cannot cover raises ledger_insufficient_funds (DETAIL: that balance) and leaves nothing behind.
-- Locking: one order everywhere: (a rollback's own id and its bet,) the round, then the round's
-- member_bonuses row (FOR SHARE, on a win or rollback with a bonus share, so a conversion or
-- forfeit waits or is waited for; the bonus engine locks that row before posting its movement),
-- then the member's accounts by id (a bet with a bonus locks cash and bonus_balance before it
-- reads the cash balance), then (inside ledger_post) the house's, so calls about one round or
-- balance queue instead of deadlocking.
-- Idempotency: a retried id answers its first result (replayed = true) and moves nothing. A call
-- that loses a race for its id or its new round to a concurrent one, or whose copy settled the
-- round while it waited for the lock, raises game_wallet_raced (undoing all of it); the caller
-- retries and then answers what the other call wrote.

CREATE OR REPLACE FUNCTION game_wallet_post(
  p_provider varchar,
  p_kind varchar,
  p_tx_ref varchar,
  p_round_ref varchar,
  p_ref_tx_ref varchar,
  p_member_id bigint,
  p_game_id bigint,
  p_session_id bigint,
  p_account_kind varchar,
  p_currency varchar,
  p_amount bigint,
  p_final boolean,
  p_fingerprint varchar,
  p_member_account bigint,
  p_house_account bigint,
  p_reference jsonb,
  p_detail jsonb,
  p_member_bonus_id bigint,
  p_bonus_account bigint
) RETURNS TABLE (outcome varchar, round_id bigint, balance bigint, replayed boolean,
                round_status varchar, round_stake bigint, round_win bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_tx bigint;
  v_seen game_transactions%ROWTYPE;
  v_bet game_transactions%ROWTYPE;
  v_round game_rounds%ROWTYPE;
  v_ledger bigint;
  v_balance bigint;
  v_source varchar := 'game:' || p_provider;
  v_reference jsonb;
  v_replayed boolean;
  -- Bonuses: the round's bonus, the bonus_balance account, balances read under lock, the share.
  v_bonus_id bigint;
  v_bonus_account bigint := p_bonus_account;
  v_bonus_status varchar;
  v_cash bigint;
  v_bonus bigint;
  v_share bigint := 0;
  v_to_cash bigint;
  v_to_bonus bigint := 0;
  v_accounts bigint[];
  v_amounts bigint[];
  v_lock record;
BEGIN
  -- A retried id answers its first result (the usual retry is caught here, before any lock).
  SELECT * INTO v_seen FROM game_transactions t
  WHERE t.provider_code = p_provider AND t.tx_ref = p_tx_ref;
  IF FOUND THEN
    SELECT coalesce(sum(a.balance_minor), 0) INTO v_balance FROM ledger_accounts a
    WHERE a.id IN (p_member_account, p_bonus_account);
    IF v_seen.kind = 'bet' AND p_kind = 'bet' AND v_seen.status IN ('void', 'rolled_back') THEN
      -- Undone, before or after it arrived: a retry is told so, never "taken".
      RETURN QUERY SELECT 'late'::varchar, NULL::bigint, v_balance, false, NULL::varchar, NULL::bigint, NULL::bigint;
    ELSIF v_seen.fingerprint IS DISTINCT FROM p_fingerprint OR v_seen.member_id <> p_member_id THEN
      RETURN QUERY SELECT 'mismatch'::varchar, NULL::bigint, v_balance, false, NULL::varchar, NULL::bigint, NULL::bigint;
    ELSE
      RETURN QUERY SELECT 'ok'::varchar, v_seen.round_id, v_seen.balance_after_minor, true, NULL::varchar, NULL::bigint, NULL::bigint;
    END IF;
    RETURN;
  END IF;

  IF p_kind = 'rollback' THEN
    -- Rollbacks are rare: take the id first, then find the bet.
    INSERT INTO game_transactions (provider_code, tx_ref, kind, member_id, amount_minor, ref_tx_ref,
                                   status, fingerprint)
    VALUES (p_provider, p_tx_ref, p_kind, p_member_id, p_amount, p_ref_tx_ref, 'done', p_fingerprint)
    ON CONFLICT (provider_code, tx_ref) DO NOTHING
    RETURNING id INTO v_tx;
    IF v_tx IS NULL THEN
      RAISE EXCEPTION 'game_wallet_raced' USING ERRCODE = 'P0001';
    END IF;
    SELECT * INTO v_bet FROM game_transactions t
    WHERE t.provider_code = p_provider AND t.tx_ref = p_ref_tx_ref FOR UPDATE;
    IF NOT FOUND THEN
      -- Not seen yet: keep its id so the bet, arriving late, is refused.
      INSERT INTO game_transactions (provider_code, tx_ref, kind, member_id, amount_minor, status,
                                     fingerprint)
      VALUES (p_provider, p_ref_tx_ref, 'bet', p_member_id, 0, 'void', '')
      ON CONFLICT (provider_code, tx_ref) DO NOTHING;
      SELECT * INTO v_bet FROM game_transactions t
      WHERE t.provider_code = p_provider AND t.tx_ref = p_ref_tx_ref FOR UPDATE;
    END IF;
    IF v_bet.member_id <> p_member_id THEN
      DELETE FROM game_transactions WHERE id = v_tx;
      RETURN QUERY SELECT 'unknown_round'::varchar, NULL::bigint, NULL::bigint, false, NULL::varchar, NULL::bigint, NULL::bigint;
      RETURN;
    END IF;
    IF v_bet.kind <> 'bet' THEN
      DELETE FROM game_transactions WHERE id = v_tx;
      RETURN QUERY SELECT 'not_a_bet'::varchar, NULL::bigint, NULL::bigint, false, NULL::varchar, NULL::bigint, NULL::bigint;
      RETURN;
    END IF;
    IF v_bet.status <> 'done' THEN
      -- Already undone, or never made: nothing to move.
      SELECT coalesce(sum(a.balance_minor), 0) INTO v_balance FROM ledger_accounts a
      WHERE a.id IN (p_member_account, p_bonus_account);
      UPDATE game_transactions SET balance_after_minor = v_balance, round_id = v_bet.round_id
      WHERE id = v_tx;
      RETURN QUERY SELECT 'ok'::varchar, v_bet.round_id, v_balance, false, NULL::varchar, NULL::bigint, NULL::bigint;
      RETURN;
    END IF;
    SELECT * INTO v_round FROM game_rounds r WHERE r.id = v_bet.round_id FOR UPDATE;
    IF v_round.account_kind <> p_account_kind OR v_round.currency <> p_currency THEN
      -- Play money is never refunded into cash, nor the other way round.
      DELETE FROM game_transactions WHERE id = v_tx;
      RETURN QUERY SELECT 'unknown_round'::varchar, NULL::bigint, NULL::bigint, false, NULL::varchar, NULL::bigint, NULL::bigint;
      RETURN;
    END IF;
    IF v_round.status <> 'open' THEN
      DELETE FROM game_transactions WHERE id = v_tx;
      RETURN QUERY SELECT 'closed_round'::varchar, v_round.id, NULL::bigint, false, NULL::varchar, NULL::bigint, NULL::bigint;
      RETURN;
    END IF;
    v_reference := p_reference || jsonb_build_object('round', v_round.round_ref);
    v_share := v_bet.bonus_amount_minor;
    IF v_share = 0 THEN
      SELECT l.transaction_id, l.balances[1] INTO v_ledger, v_balance
      FROM ledger_post('rollback', v_source, 'rollback:' || p_tx_ref, p_fingerprint, p_member_id,
                       v_reference,
                       ARRAY[p_member_account, p_house_account], ARRAY[v_bet.amount_minor, -v_bet.amount_minor]) l;
      IF p_bonus_account IS NOT NULL THEN
        SELECT v_balance + a.balance_minor INTO v_balance FROM ledger_accounts a WHERE a.id = p_bonus_account;
      END IF;
    ELSE
      -- The bonus part goes back by the round's bonus's status (read FOR SHARE: a conversion or
      -- forfeit of it waits for this movement, or this one for it).
      SELECT b.status INTO v_bonus_status FROM member_bonuses b
      WHERE b.id = v_round.member_bonus_id FOR SHARE;
      v_to_cash := v_bet.amount_minor - v_share;
      IF v_bonus_status = 'active' THEN
        v_to_bonus := v_share;
      ELSIF v_bonus_status = 'converted' THEN
        v_to_cash := v_bet.amount_minor;
      END IF;
      v_reference := v_reference || jsonb_build_object(
        'bonus', v_round.member_bonus_id::text, 'bonusShare', v_share,
        'bonusTo', CASE WHEN v_to_bonus > 0 THEN 'bonus'
                        WHEN v_bonus_status = 'converted' THEN 'cash' ELSE 'forfeited' END);
      SELECT s.transaction_id, s.balance INTO v_ledger, v_balance
      FROM game_wallet_pay_split('rollback', v_source, 'rollback:' || p_tx_ref, p_fingerprint,
                                 p_member_id, p_currency, v_reference, p_member_account,
                                 v_bonus_account, p_house_account, v_to_cash, v_to_bonus) s;
    END IF;
    UPDATE game_transactions SET status = 'rolled_back' WHERE id = v_bet.id;
    UPDATE game_rounds r SET stake_minor = r.stake_minor - v_bet.amount_minor,
      bonus_stake_minor = r.bonus_stake_minor - v_share,
      balance_after_minor = v_balance,
      status = CASE WHEN r.stake_minor - v_bet.amount_minor = 0 AND r.win_minor = 0
                    THEN 'refunded' ELSE r.status END,
      settled_at = CASE WHEN r.stake_minor - v_bet.amount_minor = 0 AND r.win_minor = 0
                        THEN now() ELSE r.settled_at END
    WHERE r.id = v_round.id;
    UPDATE game_transactions SET round_id = v_round.id, ledger_transaction_id = v_ledger,
      amount_minor = v_bet.amount_minor, bonus_amount_minor = v_share, balance_after_minor = v_balance
    WHERE id = v_tx;
    RETURN QUERY SELECT 'ok'::varchar, v_round.id, v_balance, false, NULL::varchar, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;

  -- Bets and wins: check the round, move the money, then write the round and the id. Nothing is
  -- written before a refusal; a concurrent call that took the same id or opened the same round
  -- first makes this one raise game_wallet_raced (all of it undone), and the caller retries.
  SELECT * INTO v_round FROM game_rounds r
  WHERE r.provider_code = p_provider AND r.round_ref = p_round_ref FOR UPDATE;
  -- Another member's round, or one played with the other money (play against cash), is unknown
  -- to this call: a win is paid into the account its round was staked from, never another.
  IF FOUND AND (v_round.member_id <> p_member_id OR v_round.account_kind <> p_account_kind
                OR v_round.currency <> p_currency)
     OR NOT FOUND AND p_kind <> 'bet' THEN
    RETURN QUERY SELECT 'unknown_round'::varchar, NULL::bigint, NULL::bigint, false, NULL::varchar, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;
  IF FOUND AND v_round.status <> 'open' THEN
    -- A copy of this very call that was settling the round while we waited for its lock has
    -- committed since our first look: answer as a retry (the caller retries and replays it),
    -- not "closed".
    IF EXISTS (SELECT 1 FROM game_transactions t
               WHERE t.provider_code = p_provider AND t.tx_ref = p_tx_ref) THEN
      RAISE EXCEPTION 'game_wallet_raced' USING ERRCODE = 'P0001';
    END IF;
    RETURN QUERY SELECT 'closed_round'::varchar, v_round.id, NULL::bigint, false, NULL::varchar, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;

  -- The round's bonus: the active one when the round opens, fixed from then on.
  v_bonus_id := CASE WHEN v_round.id IS NULL THEN p_member_bonus_id ELSE v_round.member_bonus_id END;
  v_reference := p_reference || jsonb_build_object('round', p_round_ref);
  IF p_amount > 0 THEN
    IF p_kind = 'bet' AND (p_member_bonus_id IS NULL OR v_bonus_id IS DISTINCT FROM p_member_bonus_id) THEN
      -- No active bonus, or a round that is not its: cash only, as without bonuses.
      SELECT l.transaction_id, l.balances[1], l.replayed INTO v_ledger, v_balance, v_replayed
      FROM ledger_post('bet', v_source, 'bet:' || p_tx_ref, p_fingerprint, p_member_id, v_reference,
                       ARRAY[p_member_account, p_house_account], ARRAY[-p_amount, p_amount]) l;
      IF p_bonus_account IS NOT NULL THEN
        SELECT v_balance + a.balance_minor INTO v_balance FROM ledger_accounts a WHERE a.id = p_bonus_account;
      END IF;
    ELSIF p_kind = 'bet' THEN
      -- Cash first, then the bonus balance: both rows locked, in id order, before either is read.
      v_cash := 0;
      v_bonus := 0;
      FOR v_lock IN SELECT a.id, a.balance_minor FROM ledger_accounts a
                    WHERE a.id IN (p_member_account, p_bonus_account)
                    ORDER BY a.id FOR UPDATE LOOP
        IF v_lock.id = p_member_account THEN v_cash := v_lock.balance_minor;
        ELSE v_bonus := v_lock.balance_minor; END IF;
      END LOOP;
      IF p_amount > v_cash + v_bonus THEN
        RAISE EXCEPTION 'ledger_insufficient_funds' USING ERRCODE = 'P0001',
          DETAIL = (v_cash + v_bonus)::text;
      END IF;
      v_share := greatest(p_amount - v_cash, 0);
      IF v_share > 0 AND NOT EXISTS (SELECT 1 FROM member_bonuses b
                                     WHERE b.id = p_member_bonus_id AND b.status = 'active') THEN
        -- Ended since the caller read it: the money on the account is not this bonus's.
        RAISE EXCEPTION 'game_wallet_bonus_changed' USING ERRCODE = 'P0001';
      END IF;
      IF v_share = 0 THEN
        v_accounts := ARRAY[p_member_account, p_house_account];
        v_amounts := ARRAY[-p_amount, p_amount];
      ELSIF v_share = p_amount THEN
        v_accounts := ARRAY[p_bonus_account, p_house_account];
        v_amounts := ARRAY[-p_amount, p_amount];
      ELSIF p_member_account < p_bonus_account THEN
        v_accounts := ARRAY[p_member_account, p_bonus_account, p_house_account];
        v_amounts := ARRAY[v_share - p_amount, -v_share, p_amount];
      ELSE
        v_accounts := ARRAY[p_bonus_account, p_member_account, p_house_account];
        v_amounts := ARRAY[-v_share, v_share - p_amount, p_amount];
      END IF;
      SELECT l.transaction_id, l.replayed INTO v_ledger, v_replayed
      FROM ledger_post('bet', v_source, 'bet:' || p_tx_ref, p_fingerprint, p_member_id,
                       v_reference || jsonb_build_object('bonus', p_member_bonus_id::text,
                                                         'bonusShare', v_share),
                       v_accounts, v_amounts) l;
      v_balance := v_cash + v_bonus - p_amount;
    ELSIF v_round.bonus_stake_minor = 0 OR v_round.stake_minor <= 0 THEN
      -- A win of a round staked from cash only: all of it is cash.
      SELECT l.transaction_id, l.balances[1], l.replayed INTO v_ledger, v_balance, v_replayed
      FROM ledger_post('win', v_source, 'win:' || p_tx_ref, p_fingerprint, p_member_id, v_reference,
                       ARRAY[p_member_account, p_house_account], ARRAY[p_amount, -p_amount]) l;
      IF p_bonus_account IS NOT NULL THEN
        SELECT v_balance + a.balance_minor INTO v_balance FROM ledger_accounts a WHERE a.id = p_bonus_account;
      END IF;
    ELSE
      -- The round's bonus share of the win goes by its bonus's status (read FOR SHARE: a
      -- conversion or forfeit of it waits for this movement, or this one for it).
      v_share := floor(p_amount::numeric * v_round.bonus_stake_minor / v_round.stake_minor)::bigint;
      SELECT b.status INTO v_bonus_status FROM member_bonuses b WHERE b.id = v_bonus_id FOR SHARE;
      v_to_cash := p_amount - v_share;
      IF v_bonus_status = 'active' THEN
        v_to_bonus := v_share;
      ELSIF v_bonus_status = 'converted' THEN
        v_to_cash := p_amount;
      END IF;
      SELECT s.transaction_id, s.balance, s.replayed INTO v_ledger, v_balance, v_replayed
      FROM game_wallet_pay_split('win', v_source, 'win:' || p_tx_ref, p_fingerprint, p_member_id,
             p_currency,
             v_reference || jsonb_build_object(
               'bonus', v_bonus_id::text, 'bonusShare', v_share,
               'bonusTo', CASE WHEN v_to_bonus > 0 THEN 'bonus'
                               WHEN v_bonus_status = 'converted' THEN 'cash' ELSE 'forfeited' END),
             p_member_account, v_bonus_account, p_house_account, v_to_cash, v_to_bonus) s;
    END IF;
    IF v_replayed THEN
      -- Another call with this id moved the money and has committed since our first look.
      RAISE EXCEPTION 'game_wallet_raced' USING ERRCODE = 'P0001';
    END IF;
  ELSIF p_bonus_account IS NULL THEN
    SELECT a.balance_minor INTO v_balance FROM ledger_accounts a WHERE a.id = p_member_account;
  ELSE
    SELECT coalesce(sum(a.balance_minor), 0) INTO v_balance FROM ledger_accounts a
    WHERE a.id IN (p_member_account, p_bonus_account);
  END IF;

  IF p_kind = 'bet' AND v_round.id IS NULL THEN
    INSERT INTO game_rounds (provider_code, round_ref, member_id, game_id, session_id, account_kind,
                             currency, detail, stake_minor, balance_before_minor, balance_after_minor,
                             member_bonus_id, bonus_stake_minor)
    VALUES (p_provider, p_round_ref, p_member_id, p_game_id, p_session_id, p_account_kind,
            p_currency, p_detail, p_amount, v_balance + p_amount, v_balance,
            p_member_bonus_id, v_share)
    ON CONFLICT (provider_code, round_ref) DO NOTHING
    RETURNING * INTO v_round;
    IF v_round.id IS NULL THEN
      RAISE EXCEPTION 'game_wallet_raced' USING ERRCODE = 'P0001';
    END IF;
  ELSIF p_kind = 'bet' THEN
    UPDATE game_rounds r SET stake_minor = r.stake_minor + p_amount,
      bonus_stake_minor = r.bonus_stake_minor + v_share,
      balance_before_minor = coalesce(r.balance_before_minor, v_balance + p_amount),
      balance_after_minor = v_balance
    WHERE r.id = v_round.id
    RETURNING * INTO v_round;
  ELSE
    UPDATE game_rounds r SET win_minor = r.win_minor + p_amount,
      bonus_win_minor = r.bonus_win_minor + v_to_bonus,
      balance_after_minor = v_balance,
      detail = CASE WHEN p_detail IS NULL THEN r.detail ELSE coalesce(r.detail, '{}') || p_detail END,
      status = CASE WHEN p_final THEN 'settled' ELSE r.status END,
      settled_at = CASE WHEN p_final THEN now() ELSE r.settled_at END
    WHERE r.id = v_round.id
    RETURNING * INTO v_round;
  END IF;

  INSERT INTO game_transactions (provider_code, tx_ref, kind, member_id, round_id, amount_minor,
                                 bonus_amount_minor, status, fingerprint, ledger_transaction_id,
                                 balance_after_minor)
  VALUES (p_provider, p_tx_ref, p_kind, p_member_id, v_round.id, p_amount, v_share, 'done',
          p_fingerprint, v_ledger, v_balance)
  ON CONFLICT (provider_code, tx_ref) DO NOTHING
  RETURNING id INTO v_tx;
  IF v_tx IS NULL THEN
    RAISE EXCEPTION 'game_wallet_raced' USING ERRCODE = 'P0001';
  END IF;
  RETURN QUERY SELECT 'ok'::varchar, v_round.id, v_balance, false, v_round.status,
    v_round.stake_minor, v_round.win_minor;
END;
$$;
--> statement-breakpoint
-- Applies db/functions/game_wallet_post_many.sql (edit that file, not this one).
-- game_wallet_post_many: several game_wallet_post calls in one statement and one commit (group
-- commit; see modules/game-wallet/wallet-post-batcher.ts).
--
-- Input: p_calls, a JSON array of calls, each the array of game_wallet_post's 19 arguments in
-- order (ids as strings, p_reference and p_detail as JSON, the member bonus and bonus account as
-- strings or null).
-- Output: one row per call, in order (call_index from 1): game_wallet_post's columns, or, when
-- the call failed, error_state (SQLSTATE), error_message and error_detail.
--
-- Invariants: each call runs in its own subtransaction: one that fails (insufficient funds, a
-- race lost, a bad call) is undone alone and answers its error; the others stand.
-- Locking: calls of one batch hold their locks until the batch commits, and other transactions
-- take the same rows in other orders; so a call that waits over 50 ms for a lock gives up
-- (55P03, undone alone) and the caller posts it on its own, rather than wait for a deadlock to be
-- found. After the first such call the rest of the batch waits at most 1 ms for any lock, so
-- waits do not add up while the batch holds what it has taken.
-- Idempotency: as game_wallet_post's, per call.

CREATE OR REPLACE FUNCTION game_wallet_post_many(p_calls jsonb)
RETURNS TABLE (call_index integer, outcome varchar, round_id bigint, balance bigint,
               replayed boolean, round_status varchar, round_stake bigint, round_win bigint,
               error_state text, error_message text, error_detail text)
LANGUAGE plpgsql AS $$
DECLARE
  v_call jsonb;
  v_index bigint;
  v_post record;
BEGIN
  PERFORM set_config('lock_timeout', '50ms', true);
  FOR v_call, v_index IN SELECT c.value, c.ordinality FROM jsonb_array_elements(p_calls) WITH ORDINALITY c LOOP
    call_index := v_index;
    BEGIN
      SELECT p.* INTO v_post
      FROM game_wallet_post(v_call->>0, v_call->>1, v_call->>2, v_call->>3, v_call->>4,
                            (v_call->>5)::bigint, (v_call->>6)::bigint, (v_call->>7)::bigint,
                            v_call->>8, v_call->>9, (v_call->>10)::bigint, (v_call->>11)::boolean,
                            v_call->>12, (v_call->>13)::bigint, (v_call->>14)::bigint,
                            v_call->15, nullif(v_call->16, 'null'::jsonb),
                            (v_call->>17)::bigint, (v_call->>18)::bigint) p;
      outcome := v_post.outcome;
      round_id := v_post.round_id;
      balance := v_post.balance;
      replayed := v_post.replayed;
      round_status := v_post.round_status;
      round_stake := v_post.round_stake;
      round_win := v_post.round_win;
      error_state := NULL;
      error_message := NULL;
      error_detail := NULL;
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS error_state = RETURNED_SQLSTATE, error_message = MESSAGE_TEXT,
                              error_detail = PG_EXCEPTION_DETAIL;
      IF error_state = '55P03' THEN
        PERFORM set_config('lock_timeout', '1ms', true);
      END IF;
      outcome := NULL;
      round_id := NULL;
      balance := NULL;
      replayed := NULL;
      round_status := NULL;
      round_stake := NULL;
      round_win := NULL;
    END;
    RETURN NEXT;
  END LOOP;
END;
$$;
