/**
 * The payment gateways' side of the cashier, outside the player API's maintenance gate and rate
 * limit (a gateway's notice must get through whatever the site shows), one pair of routes per
 * gateway this server has (PAYMENT_PROVIDERS):
 *
 *   GET|POST /payments/<gateway>/return[/<ourRef>]  the player's browser, sent back by the gateway
 *   POST     /payments/<gateway>/notify             the gateway's server-to-server notice (IPN)
 *
 * Both hand the request to the gateway, which verifies it with the gateway itself, then to the
 * cashier's one crediting path. A gateway not configured has no routes (404). The operator's
 * list of payment findings is here too.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PaymentFindingListSchema,
  PaymentFindingQuerySchema,
  SANDBOX_NOTICE_TOLERANCE_S,
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_TIMESTAMP_HEADER,
  WebhookAnswerSchema,
} from '@khela/contract/cashier';
import { OPS_PREFIX } from '@khela/contract/ops';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../lib/envelope';
import { keepRawJsonBodies } from '../../lib/raw-body';
import { notifyPath, returnPath } from '../../providers/payments/gateway-paths';
import type { PaymentGateways } from '../../providers/payments/gateways';
import type { GatewayRequest } from '../../providers/payments/payment-gateway';
import { operatorGuard } from '../ops/operator-guard';

const NOTIFY_DESCRIPTION: Record<string, string> = {
  sandbox: `The sandbox gateway's notice (the partners app at PAYMENT_SANDBOX_URL, play money), sent when the player decides on its pay page. Signed with HMAC-SHA256 under the secret it shares with us (PAYMENT_SANDBOX_SECRET) over \`<timestamp>.<raw body>\`: headers \`${SANDBOX_TIMESTAMP_HEADER}: <unix seconds>\` and \`${SANDBOX_SIGNATURE_HEADER}: sha256=<hex>\`; body \`{ ref, status: paid|failed, amountMinor, currency }\`. A missing or wrong signature, or a timestamp more than ${SANDBOX_NOTICE_TOLERANCE_S} s away from now, answers 401 payment.signatureInvalid and changes nothing.`,
  bkash:
    'bKash sends no notice in the URL-based checkout; this takes `paymentID` and `status` as the return does.',
};

const ourRefParams = z.object({ ourRef: z.string().regex(/^[A-Za-z0-9]{1,32}$/) });

export const paymentGatewayRoutes: FastifyPluginAsyncZod<{ gateways: PaymentGateways }> = async (
  app,
  { gateways },
) => {
  const { deposits } = app.services;
  const rawBody = keepRawJsonBodies(app);
  const gatewayRequest = (request: FastifyRequest): GatewayRequest => ({
    method: request.method,
    query: request.query as Record<string, string | undefined>,
    body:
      request.body && typeof request.body === 'object'
        ? (request.body as Record<string, unknown>)
        : {},
    rawBody: rawBody(request),
    headers: request.headers,
  });

  for (const gateway of gateways.all()) {
    const tags = ['payment gateways'];
    app.post(
      notifyPath(gateway.name),
      {
        schema: {
          tags,
          summary: `${gateway.name}: the gateway's notice (IPN) that a payment was paid or failed`,
          description: `${NOTIFY_DESCRIPTION[gateway.name] ?? ''} Sent by the gateway, never by the app. The gateway's word is checked with the gateway itself before anything moves. A paid payment credits its deposit exactly once however many notices and returns come; its reference, amount and currency must match the deposit (else 409 payment.referenceMismatch or payment.amountMismatch, nothing credited, a payment finding recorded for the operator); unknown → 404 payment.unknownPayment. A repeat answers 200 with \`applied: false\`. Any non-2xx answer tells the gateway to try again.`,
          response: okSchema(WebhookAnswerSchema),
        },
      },
      async (request) => {
        const verified = await gateway.settle(gatewayRequest(request));
        return ok(await deposits.applyVerified(gateway.name, verified));
      },
    );

    const onReturn = async (request: FastifyRequest, ourRef: string | undefined) => {
      let depositId = ourRef ? await deposits.depositIdByOurRef(gateway.name, ourRef) : undefined;
      // Our callback URL names the deposit: one we never made is not worth asking the gateway.
      if (ourRef && depositId === undefined) return deposits.depositPage();
      try {
        const verified = await gateway.settle(gatewayRequest(request));
        depositId ??= await deposits.depositIdByRef(gateway.name, verified.ref);
        await deposits.applyVerified(gateway.name, verified);
      } catch (error) {
        // The deposit page shows the true state either way: a mismatch was recorded for the
        // operator, and a gateway that did not answer is asked again by the reconciliation pass.
        const level = error instanceof AppError ? 'warn' : 'error';
        request.log[level]({ err: error, gateway: gateway.name }, 'payment return not settled');
      }
      return deposits.depositPage(depositId);
    };
    const returnSchema = {
      tags,
      summary: `${gateway.name}: the player's browser back from the gateway; 303 to the deposit page`,
      description:
        "The gateway's callback URL. The request proves nothing: the gateway is asked (bKash: execute, then query on a timeout), and the deposit is credited exactly once through the same path as notices. Always answers 303 to /m/voucherCenter?deposit=<id> (or /m/voucherCenter when the payment is unknown), which shows the deposit's true state.",
    };
    for (const url of [returnPath(gateway.name), `${returnPath(gateway.name)}/:ourRef`]) {
      app.route({
        method: ['GET', 'POST'],
        url,
        schema: url.endsWith(':ourRef') ? { ...returnSchema, params: ourRefParams } : returnSchema,
        handler: async (request, reply) => {
          const { ourRef } = (request.params ?? {}) as { ourRef?: string };
          const location = await onReturn(request, ourRef);
          return reply
            .code(303)
            .header('cache-control', 'no-store')
            .header('location', location)
            .send();
        },
      });
    }
  }
};

export const paymentsOpsRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (
  app,
  { opsToken },
) => {
  const { deposits } = app.services;
  app.addHook('onRequest', operatorGuard(opsToken));
  app.get(
    `${OPS_PREFIX}/wallet/payment-findings`,
    {
      config: { permission: 'money.read' },
      schema: {
        tags: ['operator', 'wallet'],
        security: [{ operator: [] }],
        summary:
          'Payment findings, newest first: gateway answers that credited nothing, and what reconciliation found',
        description:
          'kind: amountMismatch, referenceMismatch (the gateway named another payment of ours), unknownPayment, creditedLate (the reconciliation pass credited a payment whose return and notice never came), expired (still unpaid at the gateway after the deposit expired). `detail` holds what the gateway said and what the deposit expected. `npm run ops -- payment findings`.',
        querystring: PaymentFindingQuerySchema,
        response: okSchema(PaymentFindingListSchema),
      },
    },
    async (request) => ok(await deposits.findings(request.query.limit)),
  );
};
