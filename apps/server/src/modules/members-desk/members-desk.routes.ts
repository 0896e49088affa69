/**
 * The back office's members desk under /ops/api/members: search, a member's page and its lists
 * (members.read), and the operator's actions on a member (members.write), each recorded in the
 * audit trail. A member is named by username, as PUT /ops/api/members/:username does.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LinkedAccountsSchema,
  MemberDepositPageSchema,
  MemberLedgerPageSchema,
  MemberLedgerQuerySchema,
  MemberListQuerySchema,
  MemberLoginPageSchema,
  MemberLoginQuerySchema,
  MemberNoteBodySchema,
  MemberNoteSchema,
  MemberNotesSchema,
  MemberParamsSchema,
  MemberRoundPageSchema,
  MemberRoundQuerySchema,
  MemberSearchQuerySchema,
  MemberSearchResultSchema,
  MemberSessionsSchema,
  MemberStatusBodySchema,
  MemberStatusResultSchema,
  MemberSummarySchema,
  MemberTagsBodySchema,
  MemberTagsSchema,
  MemberWithdrawalPageSchema,
  PasswordResetBodySchema,
  PasswordResetResultSchema,
  SessionsEndedSchema,
  MemberTrustedDeviceParamsSchema,
  MemberTrustedDevicesSchema,
  TrustedDeviceRemovedSchema,
} from '@khela/contract/backoffice/members';
import { OPS_PREFIX } from '@khela/contract/ops';
import { ok, okSchema } from '../../lib/envelope';
import { auditContextOf } from '../audit/audit.service';
import { operatorGuard } from '../ops/operator-guard';

export const membersDeskRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (
  app,
  { opsToken },
) => {
  const desk = app.services.membersDesk;
  app.addHook('onRequest', operatorGuard(opsToken));

  const tags = ['operator', 'members'];
  const security = [{ operator: [] }];
  const read = { permission: 'members.read' as const };
  const write = { permission: 'members.write' as const };
  const base = `${OPS_PREFIX}/members`;
  const params = MemberParamsSchema;
  const cursor =
    'Newest first; `nextBefore` (null on the last page) goes back as `before` for the next page.';

  app.get(
    base,
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'Find members by username, mobile, e-mail, id, address or device',
        description:
          'Username, mobile and e-mail match by prefix, case-insensitive (a mobile as typed: `+880 1712…`, `01712…` or `1712…`); `id` and `device` exactly; `ip` exactly, or by prefix when `q` ends in `.`, `:` or `*`. `ip` and `device` find the members who logged in or registered there, the most recently seen first.',
        querystring: MemberSearchQuerySchema,
        response: okSchema(MemberSearchResultSchema),
      },
    },
    async (request) => ok(await desk.search(request.query)),
  );

  app.get(
    `${base}/:username`,
    {
      config: read,
      schema: {
        tags,
        security,
        summary:
          "A member's page: balance, status, VIP level, upline, registration, last login, counts",
        params,
        response: okSchema(MemberSummarySchema),
      },
    },
    async (request) => ok(await desk.summary(request.params.username)),
  );

  app.get(
    `${base}/:username/ledger`,
    {
      config: read,
      schema: {
        tags,
        security,
        summary: "The member's cash ledger entries, filtered by kind and time",
        description: cursor,
        params,
        querystring: MemberLedgerQuerySchema,
        response: okSchema(MemberLedgerPageSchema),
      },
    },
    async (request) => ok(await desk.ledger(request.params.username, request.query)),
  );

  app.get(
    `${base}/:username/deposits`,
    {
      config: read,
      schema: {
        tags,
        security,
        summary: "The member's deposits with their provider and reference",
        description: cursor,
        params,
        querystring: MemberListQuerySchema,
        response: okSchema(MemberDepositPageSchema),
      },
    },
    async (request) => ok(await desk.deposits(request.params.username, request.query)),
  );

  app.get(
    `${base}/:username/withdrawals`,
    {
      config: read,
      schema: {
        tags,
        security,
        summary: "The member's withdrawals with the payee account in full",
        description: cursor,
        params,
        querystring: MemberListQuerySchema,
        response: okSchema(MemberWithdrawalPageSchema),
      },
    },
    async (request) => ok(await desk.withdrawals(request.params.username, request.query)),
  );

  app.get(
    `${base}/:username/rounds`,
    {
      config: read,
      schema: {
        tags,
        security,
        summary: "The member's game rounds",
        description: cursor,
        params,
        querystring: MemberRoundQuerySchema,
        response: okSchema(MemberRoundPageSchema),
      },
    },
    async (request) => ok(await desk.rounds(request.params.username, request.query)),
  );

  app.get(
    `${base}/:username/logins`,
    {
      config: read,
      schema: {
        tags,
        security,
        summary: "The member's registration and successful logins with address and device",
        description: cursor,
        params,
        querystring: MemberLoginQuerySchema,
        response: okSchema(MemberLoginPageSchema),
      },
    },
    async (request) => ok(await desk.logins(request.params.username, request.query)),
  );

  app.get(
    `${base}/:username/linked`,
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'Other accounts seen on an address or a device this member used',
        description:
          "Up to 100, most recently seen first, each with what it shares. Devices known only by the user agent's hash (`ua:…`) are left out: a phone model shares one.",
        params,
        response: okSchema(LinkedAccountsSchema),
      },
    },
    async (request) => ok(await desk.linked(request.params.username)),
  );

  app.get(
    `${base}/:username/sessions`,
    {
      config: read,
      schema: {
        tags,
        security,
        summary: "The member's live sessions, the most recently used first",
        params,
        response: okSchema(MemberSessionsSchema),
      },
    },
    async (request) => ok(await desk.sessions(request.params.username)),
  );

  app.get(
    `${base}/:username/trusted-devices`,
    {
      config: read,
      schema: {
        tags,
        security,
        summary:
          'The devices the member trusted at a new-device login, the most recently seen first',
        description:
          'Step-up (LOGINIPVERF3): a device is trusted once it passed the one-time code of a login from a new device and network. Removed devices are not listed.',
        params,
        response: okSchema(MemberTrustedDevicesSchema),
      },
    },
    async (request) => ok(await desk.trustedDevices(request.params.username)),
  );

  app.delete(
    `${base}/:username/trusted-devices/:id`,
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Remove a trusted device of the member',
        description:
          "Its next login from a new network is asked for the one-time code again; its sessions stay. Another member's, a removed or an unknown device: 404. Writes an audit row (member.trustedDevice.remove).",
        params: MemberTrustedDeviceParamsSchema,
        response: okSchema(TrustedDeviceRemovedSchema),
      },
    },
    async (request) =>
      ok(
        await desk.removeTrustedDevice(
          auditContextOf(request),
          request.params.username,
          request.params.id,
        ),
      ),
  );

  app.get(
    `${base}/:username/notes`,
    {
      config: read,
      schema: {
        tags,
        security,
        summary: "Operators' notes on the member, newest first",
        params,
        response: okSchema(MemberNotesSchema),
      },
    },
    async (request) => ok(await desk.notes(request.params.username)),
  );

  app.post(
    `${base}/:username/notes`,
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Add a note on the member',
        params,
        body: MemberNoteBodySchema,
        response: okSchema(MemberNoteSchema),
      },
    },
    async (request) =>
      ok(await desk.addNote(auditContextOf(request), request.params.username, request.body.text)),
  );

  app.put(
    `${base}/:username/tags`,
    {
      config: write,
      schema: {
        tags,
        security,
        summary: "Replace the member's tags",
        params,
        body: MemberTagsBodySchema,
        response: okSchema(MemberTagsSchema),
      },
    },
    async (request) =>
      ok(await desk.setTags(auditContextOf(request), request.params.username, request.body.tags)),
  );

  app.post(
    `${base}/:username/status`,
    {
      config: write,
      schema: {
        tags,
        security,
        summary: "Change the member's status, with a reason (disabling ends every session)",
        description: 'Without a reason: 400 member.reasonRequired.',
        params,
        body: MemberStatusBodySchema,
        response: okSchema(MemberStatusResultSchema),
      },
    },
    async (request) =>
      ok(await desk.setStatus(auditContextOf(request), request.params.username, request.body)),
  );

  app.post(
    `${base}/:username/sessions/end`,
    {
      config: write,
      schema: {
        tags,
        security,
        summary: "End every live session of the member now (the player's next call answers 401)",
        params,
        response: okSchema(SessionsEndedSchema),
      },
    },
    async (request) => ok(await desk.endSessions(auditContextOf(request), request.params.username)),
  );

  app.post(
    `${base}/:username/password-reset`,
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Send the member a password reset: an e-mail link or an SMS code',
        description:
          'Through the player\'s own recovery: the e-mail holds a reset link (as "forgot password by e-mail"), the SMS a code for "set password by phone". Without `channel`: e-mail when the member has one, else the mobile. Neither: 409 member.noContact.',
        params,
        body: PasswordResetBodySchema,
        response: okSchema(PasswordResetResultSchema),
      },
    },
    async (request) =>
      ok(
        await desk.passwordReset(
          auditContextOf(request),
          request.params.username,
          request.body.channel,
          request.language,
        ),
      ),
  );
};
