/**
 * The seamless-wallet calls game vendors make (/wps/vendor/…): outside the player API's gate and
 * per-IP rate limit, as a vendor's servers call from a few addresses at a high rate. Every call is
 * signed (see game-vendors.ts); the signature is checked before the body is even validated.
 */
import { errorMessage } from '@khela/contract/errors';
import {
  VENDOR_PROVIDER_HEADER,
  VENDOR_SIGNATURE_HEADER,
  VENDOR_WINS_MAX_ITEMS,
  VendorAdjustBodySchema,
  VendorAdjustmentSchema,
  VendorBalanceBodySchema,
  VendorBalanceSchema,
  VendorBetBodySchema,
  VendorRollbackBodySchema,
  VendorTransactionSchema,
  VendorWinBodySchema,
  VendorWinsBodySchema,
  VendorWinsSchema,
  type VendorTransaction,
  type VendorWinsItem,
} from '@khela/contract/vendor-wallet';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../lib/envelope';
import { keepRawJsonBodies } from '../../lib/raw-body';
import type { GameVendors } from './game-vendors';

const tags = ['vendor wallet'];
/** Room for a full batch of wins at their fields' largest (an item is at most some 400 bytes). */
const WINS_BODY_LIMIT = VENDOR_WINS_MAX_ITEMS * 512;

const SIGNING = `Headers: \`${VENDOR_PROVIDER_HEADER}: <provider code>\` and \`${VENDOR_SIGNATURE_HEADER}: <hex HMAC-SHA256 of the raw body under the provider's secret>\`. A missing or wrong signature answers 401 vendor.badSignature and changes nothing. \`token\` is the game session the launch handed the vendor (unknown: 401 vendor.sessionUnknown). Amounts are integer minor units.`;

export const vendorWalletRoutes: FastifyPluginAsyncZod<{ vendors: GameVendors }> = async (
  app,
  { vendors },
) => {
  const { gameWallet } = app.services;
  const rawBody = keepRawJsonBodies(app);

  const providerOf = new WeakMap<object, string>();
  const verify = async (request: FastifyRequest) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const provider = await vendors.verify(
      header(VENDOR_PROVIDER_HEADER),
      header(VENDOR_SIGNATURE_HEADER),
      rawBody(request),
    );
    providerOf.set(request, provider.code);
  };
  const provider = (request: FastifyRequest) => providerOf.get(request)!;

  app.post(
    '/wps/vendor/balance',
    {
      preValidation: verify,
      schema: {
        tags,
        summary: "The player's balance for a game session",
        description: `${SIGNING} The balance is the player's cash plus their bonus balance (docs/bonuses.md), as every bet, win and rollback answer. Play-money sessions (trial accounts, free play) answer the play balance with \`playMoney: true\`.`,
        body: VendorBalanceBodySchema,
        response: okSchema(VendorBalanceSchema),
      },
    },
    async (request) => ok(await gameWallet.balance(provider(request), request.body)),
  );

  app.post(
    '/wps/vendor/bet',
    {
      preValidation: verify,
      schema: {
        tags,
        summary: 'Debits a bet (opens the round on its first bet)',
        description: `${SIGNING} \`txId\` is taken once per provider: a retry answers the first result with \`replayed: true\` and moves nothing; the same txId with other details is 422 idempotency.mismatch. A balance that cannot cover it: 409 wallet.insufficientFunds with \`data.balance\`, and no entry. A session that ended or expired: 403 vendor.sessionEnded. A player on a break or past a limit: 403 wallet.excluded or 409 wallet.lossLimitReached (\`data.remainingMinor\`, \`data.period\`), no entry. While the player has an active bonus, a stake above its largest: 409 bonus.maxStake (\`data.maxStakeMinor\`), no entry; the stake is taken from cash first, then the bonus balance. A bet whose txId a rollback already took: 409 vendor.txRolledBack. A settled round: 409 vendor.roundClosed.`,
        body: VendorBetBodySchema,
        response: okSchema(VendorTransactionSchema),
      },
    },
    async (request) => ok(await gameWallet.bet(provider(request), request.body)),
  );

  app.post(
    '/wps/vendor/win',
    {
      preValidation: verify,
      schema: {
        tags,
        summary: 'Credits a win to a round (a zero win settles a lost round)',
        description: `${SIGNING} Taken after the session ended (a round finishing after the player closed the game). \`final\` (default true) settles the round; send false for the round's earlier wins. Unknown round, or another player's: 404 vendor.roundUnknown. Settled round: 409 vendor.roundClosed. txId idempotent as for bets.`,
        body: VendorWinBodySchema,
        response: okSchema(VendorTransactionSchema),
      },
    },
    async (request) => ok(await gameWallet.win(provider(request), request.body)),
  );

  app.post(
    '/wps/vendor/wins',
    {
      bodyLimit: WINS_BODY_LIMIT,
      preValidation: verify,
      schema: {
        tags,
        summary: 'Credits many wins in one call (a sportsbook settling a match)',
        description: `${SIGNING} One signature over the whole body. \`items\`: 1 to ${VENDOR_WINS_MAX_ITEMS} bodies of \`/wps/vendor/win\`, each with its own token and txId (distinct within the batch; more items, a repeated txId or a malformed item: 400 validation.invalid and nothing moves). Each item is taken exactly as that \`win\` alone: the same refusals, bonus share, loss-limit figures and records, and its txId is the same namespace, so an item already paid (by an earlier batch or a single \`win\`) answers \`replayed: true\` and moves nothing, and a whole batch sent again pays nothing twice. The answer is 200 with one entry per item, in order: \`{ txId, success: true, value }\` or \`{ txId, success: false, status, errorCode, message, data? }\` with the status that \`win\` would have answered. One item's refusal does not hold up the others; an item answered 5xx was not decided: send the same txId again.`,
        body: VendorWinsBodySchema,
        response: okSchema(VendorWinsSchema),
      },
    },
    async (request) => {
      const { items } = request.body;
      const settled = await gameWallet.wins(provider(request), items);
      return ok({
        items: settled.map((result, index) => itemAnswer(request, items[index]!.txId, result)),
      });
    },
  );

  app.post(
    '/wps/vendor/rollback',
    {
      preValidation: verify,
      schema: {
        tags,
        summary: 'Undoes a bet (refunds its stake)',
        description: `${SIGNING} \`refTxId\` names the bet. A bet not seen yet is recorded as rolled back, so when it arrives it is refused (409 vendor.txRolledBack) and nothing moves. A bet rolled back already answers the balance and moves nothing. Only bets of open rounds are rolled back (a win: 409 vendor.notABet; a settled round: 409 vendor.roundClosed). Taken after the session ended. txId idempotent as for bets.`,
        body: VendorRollbackBodySchema,
        response: okSchema(VendorTransactionSchema),
      },
    },
    async (request) => ok(await gameWallet.rollback(provider(request), request.body)),
  );

  app.post(
    '/wps/vendor/adjust',
    {
      preValidation: verify,
      schema: {
        tags,
        summary: 'Corrects a settled round (a result corrected after it paid)',
        description: `${SIGNING} \`amount\` is signed and never 0: positive pays the player more, negative takes back at most what the player's cash holds (never below zero); \`appliedAmount\` answers what moved. Taken after the session ended and outside the player's limits. Cash only: a round staked from a bonus is corrected in cash. The round must be the player's and settled: unknown or another player's, 404 vendor.roundUnknown; still open or refunded, 409 vendor.roundNotSettled. One ledger movement per txId, counted as a win (loss limits, play results); the round's win and closing balance move with it, so the player's records show it. txId idempotent as for bets.`,
        body: VendorAdjustBodySchema,
        response: okSchema(VendorAdjustmentSchema),
      },
    },
    async (request) => ok(await gameWallet.adjust(provider(request), request.body)),
  );
};

/** One batch item's answer: the value, or the error envelope `win` alone would have sent. */
function itemAnswer(
  request: FastifyRequest,
  txId: string,
  result: PromiseSettledResult<VendorTransaction>,
): VendorWinsItem {
  if (result.status === 'fulfilled') return { txId, success: true, value: result.value };
  const error: unknown = result.reason;
  if (error instanceof AppError) {
    return {
      txId,
      success: false,
      status: error.statusCode,
      errorCode: error.errorCode,
      message: errorMessage(error.errorCode, request.language),
      ...(error.data ? { data: error.data } : {}),
    };
  }
  request.log.error({ err: error, txId }, 'vendor wins: item failed');
  return {
    txId,
    success: false,
    status: 500,
    errorCode: 'system.unknown',
    message: errorMessage('system.unknown', request.language),
  };
}
