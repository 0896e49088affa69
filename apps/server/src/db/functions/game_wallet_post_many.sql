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
