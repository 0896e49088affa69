/**
 * The operator API. Every call needs `Authorization: Bearer <operator token>`. It is the only way
 * operator tools change a running site, because only the server opens the database.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AffiliateDomainBodySchema,
  CaptchaPeekSchema,
  OpsMemberSchema,
  UpdateMemberBodySchema,
  UsernameParamsSchema,
  FlagListSchema,
  FlagParamsSchema,
  FlagStateSchema,
  OPS_PREFIX,
  OutboxListSchema,
  OutboxMessageSchema,
  OutboxParamsSchema,
  OutboxQuerySchema,
  OutboxStatsSchema,
  SetFlagBodySchema,
  SetSettingBodySchema,
  SettingParamsSchema,
  SettingValueSchema,
} from '@khela/contract/ops';
import { SETTING_NAMES, type SettingName } from '@khela/contract/settings';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../lib/envelope';
import { auditTrailOf } from '../audit/audit.service';
import { operatorGuard } from './operator-guard';

export const opsRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (app, { opsToken }) => {
  const { settings, outbox, captcha, accounts } = app.services;

  app.addHook('onRequest', operatorGuard(opsToken));

  const tags = ['operator'];

  app.get(
    `${OPS_PREFIX}/flags`,
    {
      config: { permission: 'settings.read' },
      schema: { tags, summary: 'White-label flags', response: okSchema(FlagListSchema) },
    },
    async () => ok(settings.flagList()),
  );

  app.put(
    `${OPS_PREFIX}/flags/:name`,
    {
      config: { permission: 'settings.write' },
      schema: {
        tags,
        summary: 'Turn a white-label flag on or off',
        params: FlagParamsSchema,
        body: SetFlagBodySchema,
        response: okSchema(FlagStateSchema),
      },
    },
    async (request) => {
      await settings.setFlag(request.params.name, request.body.enabled, auditTrailOf(request));
      const state = settings.flagList().find((flag) => flag.name === request.params.name)!;
      return ok(state);
    },
  );

  app.get(
    `${OPS_PREFIX}/settings`,
    {
      config: { permission: 'settings.read' },
      schema: {
        tags,
        summary: 'All operator settings',
        response: okSchema(z.array(SettingValueSchema)),
      },
    },
    async () => ok(SETTING_NAMES.map((name) => ({ name, value: settings.get(name) }))),
  );

  app.get(
    `${OPS_PREFIX}/settings/:name`,
    {
      config: { permission: 'settings.read' },
      schema: {
        tags,
        summary: 'One operator setting',
        params: SettingParamsSchema,
        response: okSchema(SettingValueSchema),
      },
    },
    async (request) => {
      const { name } = request.params;
      if (!(SETTING_NAMES as string[]).includes(name)) throw new AppError('setting.unknown');
      return ok({ name, value: settings.get(name as SettingName) });
    },
  );

  app.put(
    `${OPS_PREFIX}/settings/:name`,
    {
      config: { permission: 'settings.write' },
      schema: {
        tags,
        summary: 'Change an operator setting (validated by its contract schema)',
        params: SettingParamsSchema,
        body: SetSettingBodySchema,
        response: okSchema(SettingValueSchema),
      },
    },
    async (request) => {
      const { name } = request.params;
      const value = await settings.setSetting(
        name,
        request.body.value,
        request.language,
        auditTrailOf(request),
      );
      return ok({ name, value });
    },
  );

  app.get(
    `${OPS_PREFIX}/outbox`,
    {
      config: { permission: 'settings.read' },
      schema: {
        tags,
        summary: 'SMS and e-mail with their delivery state, newest first',
        querystring: OutboxQuerySchema,
        response: okSchema(OutboxListSchema),
      },
    },
    async (request) => ok(await outbox.list(request.query)),
  );

  app.get(
    `${OPS_PREFIX}/outbox/stats`,
    {
      config: { permission: 'settings.read' },
      schema: {
        tags,
        summary: 'The delivery queue: queued, oldest queued, sent in the last hour, failed today',
        response: okSchema(OutboxStatsSchema),
      },
    },
    async () => ok(await outbox.outboxStats()),
  );

  app.post(
    `${OPS_PREFIX}/outbox/:id/retry`,
    {
      config: { permission: 'settings.write' },
      schema: {
        tags,
        summary: 'Send a failed message again, with a full set of tries (not one that ran out)',
        params: OutboxParamsSchema,
        response: okSchema(OutboxMessageSchema),
      },
    },
    async (request) => {
      await outbox.retry(request.params.id, auditTrailOf(request));
      return ok(await outbox.one(request.params.id));
    },
  );

  app.get(
    `${OPS_PREFIX}/captcha/:captchaId`,
    {
      config: { permission: 'settings.write' },
      schema: {
        tags,
        summary: 'Read a captcha answer (only when the server runs with OPS_CAPTCHA_PEEK=true)',
        params: z.object({ captchaId: z.string().max(64) }),
        response: okSchema(CaptchaPeekSchema),
      },
    },
    async (request) => {
      const answer = await captcha.peek(request.params.captchaId);
      if (answer === null) throw new AppError('resource.notFound');
      return ok({ captchaId: request.params.captchaId, answer });
    },
  );

  app.put(
    `${OPS_PREFIX}/members/:username`,
    {
      config: { permission: 'members.write' },
      schema: {
        tags,
        summary: "Change a member's type (agents) or status (disabling ends every session)",
        params: UsernameParamsSchema,
        body: UpdateMemberBodySchema,
        response: okSchema(OpsMemberSchema),
      },
    },
    async (request) =>
      ok(
        await accounts.opsUpdateMember(
          request.params.username,
          request.body,
          auditTrailOf(request),
        ),
      ),
  );

  app.put(
    `${OPS_PREFIX}/affiliate-domains`,
    {
      config: { permission: 'settings.write' },
      schema: {
        tags,
        summary: "Point an entrance domain at an agent's invitation code",
        body: AffiliateDomainBodySchema,
        response: okSchema(AffiliateDomainBodySchema),
      },
    },
    async (request) => {
      await accounts.opsSetAffiliateDomain(
        request.body.domain,
        request.body.code,
        auditTrailOf(request),
      );
      return ok(request.body);
    },
  );
};
