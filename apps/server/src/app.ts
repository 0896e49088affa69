/**
 * buildApp(config): registers plugins and modules and returns the app without listening, so tests
 * inject requests into it and server.ts listens. Opens the database and cache unless given them.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { HOME_BANNER_GROUP, homeBannersUrl } from '@khela/contract/home';
import { DEFAULT_LANGUAGE } from '@khela/contract/language';
import { HOME_PATH } from '@khela/contract/routes';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { createLogger } from './lib/logger';
import { auditRoutes } from './modules/audit/audit.routes';
import { AuditService } from './modules/audit/audit.service';
import { operatorsRoutes } from './modules/operators/operators.routes';
import { OperatorsService } from './modules/operators/operators.service';
import { requireOperatorPermissions } from './modules/operators/route-permissions';
import { AdjustmentsService } from './modules/adjustments/adjustments.service';
import { adjustmentsRoutes } from './modules/adjustments/adjustments.routes';
import { MembersDeskService } from './modules/members-desk/members-desk.service';
import { membersDeskRoutes } from './modules/members-desk/members-desk.routes';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { contentOpsRoutes } from './modules/content/content-ops.routes';
import { ContentOpsService } from './modules/content/content-ops.service';
import { contentRoutes } from './modules/content/content.routes';
import { ContentService } from './modules/content/content.service';
import { chatOpsRoutes } from './modules/chat/chat-ops.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { ChatService } from './modules/chat/chat.service';
import { gamesOpsRoutes } from './modules/games/games.ops-routes';
import { gamesRoutes } from './modules/games/games.routes';
import { launchRoutes } from './modules/games/launch.routes';
import { GamesService } from './modules/games/games.service';
import { channelsOpsRoutes, channelsRoutes } from './modules/cashier/channels.routes';
import { ChannelsService } from './modules/cashier/channels.service';
import { depositsRoutes } from './modules/cashier/deposits.routes';
import { DepositsService } from './modules/cashier/deposits.service';
import { paymentGatewayRoutes, paymentsOpsRoutes } from './modules/cashier/payments.routes';
import { PaymentReconciler } from './modules/cashier/reconciliation';
import { openGateways, type PaymentGateways } from './providers/payments/gateways';
import { SandboxPayoutGateway } from './providers/payments/sandbox-payout';
import { ownBaseUrl } from './lib/own-base-url';
import { StartupError } from './lib/startup-error';
import { withdrawalsOpsRoutes } from './modules/withdrawals/withdrawals-ops.routes';
import { moneyDeskOpsRoutes } from './modules/withdrawals/money-desk-ops.routes';
import { depositsOpsRoutes } from './modules/cashier/deposits-ops.routes';
import { kycOpsRoutes } from './modules/kyc/kyc-ops.routes';
import { campaignsOpsRoutes } from './modules/bonuses/campaigns-ops.routes';
import { CampaignAdminService } from './modules/bonuses/campaign-admin.service';
import { headIconRoutes } from './modules/head-icon/head-icon.routes';
import { kycRoutes } from './modules/kyc/kyc.routes';
import { HeadIconService } from './modules/head-icon/head-icon.service';
import { KycService } from './modules/kyc/kyc.service';
import { protectionOpsRoutes } from './modules/protection/protection-ops.routes';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes';
import { WithdrawalsService, type PayoutTiming } from './modules/withdrawals/withdrawals.service';
import type { PayoutGateway } from './providers/payments/payment-gateway';
import { AccountsService } from './modules/accounts/accounts.service';
import { protectionRoutes } from './modules/protection/protection.routes';
import { ProtectionService } from './modules/protection/protection.service';
import { GameVendors } from './modules/game-wallet/game-vendors';
import { GameWallet } from './modules/game-wallet/game-wallet';
import { ActiveBonuses } from './modules/bonuses/active-bonus';
import { vendorWalletRoutes } from './modules/game-wallet/vendor-wallet.routes';
import { gameWalletOpsRoutes } from './modules/game-wallet/game-wallet.ops-routes';
import { lotteryRoutes } from './modules/lottery/lottery.routes';
import { LotteryService } from './modules/lottery/lottery.service';
import { originalsRoutes } from './modules/originals/originals.routes';
import { OriginalsService } from './modules/originals/originals.service';
import { MemberProfiles } from './modules/accounts/member-profiles';
import { PasswordHasher } from './modules/accounts/password-hasher';
import { SessionsService } from './modules/accounts/sessions.service';
import { TakenUsernames } from './modules/accounts/taken-usernames';
import { Balances } from './modules/ledger/balances';
import { Ledger } from './modules/ledger/ledger';
import { CaptchaService } from './modules/captcha/captcha.service';
import { VerificationService } from './modules/verification/verification.service';
import { KeysService } from './modules/keys/keys.service';
import { recordsRoutes } from './modules/records/records.routes';
import { RecordsService } from './modules/records/records.service';
import { opsRoutes } from './modules/ops/ops.routes';
import { feedbackOpsRoutes } from './modules/feedback/feedback-ops.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { FeedbackService } from './modules/feedback/feedback.service';
import { inboxOpsRoutes } from './modules/inbox/inbox-ops.routes';
import { inboxRoutes } from './modules/inbox/inbox.routes';
import { InboxService } from './modules/inbox/inbox.service';
import { vipRoutes } from './modules/vip/vip.routes';
import { rewardsRoutes } from './modules/rewards/rewards.routes';
import { RewardsService } from './modules/rewards/rewards.service';
import { agentsRoutes } from './modules/agents/agents.routes';
import { agentsOpsRoutes } from './modules/agents/agents-ops.routes';
import { securityRoutes } from './modules/security/security.routes';
import { SecurityService } from './modules/security/security.service';
import { StepUpService } from './modules/security/step-up.service';
import { AgentsService } from './modules/agents/agents.service';
import { VipService } from './modules/vip/vip.service';
import { metricsOpsRoutes } from './modules/ops/metrics-ops.routes';
import { resolveOpsToken } from './modules/ops/ops-token';
import { OutboxService } from './modules/outbox/outbox.service';
import { openMessageProviders } from './providers/messages/open-message-providers';
import { healthRoutes } from './modules/system/health.routes';
import { SettingsService } from './modules/settings/settings.service';
import { systemRoutes } from './modules/system/system.routes';
import { SystemService } from './modules/system/system.service';
import { authPlugin } from './plugins/auth';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from './plugins/error-handler';
import { languagePlugin } from './plugins/language';
import { openapiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { metricsPlugin } from './plugins/metrics';
import {
  RequestLogController,
  acceptedRequestId,
  requestChildLogger,
  requestLogPlugin,
} from './plugins/request-log';
import { sealedPayloadPlugin } from './plugins/sealed-payload';
import { securityPlugin } from './plugins/security';
import { consolePages, staticConsolePlugin } from './plugins/static-console';
import { staticWebPlugin } from './plugins/static-web';
import { wellFormedInputPlugin } from './plugins/well-formed-input';
import { systemGatePlugin } from './plugins/system-gate';
import type { CacheStore } from './providers/cache/cache-store';
import { openCache } from './providers/cache/open-cache';
import { LiveCounters } from './modules/reports/live-counters';
import { reportsRoutes } from './modules/reports/reports.routes';
import { ReportsService } from './modules/reports/reports.service';
import { ReportsRollup } from './modules/reports/rollup';
import { REPORTS_TIME_ZONE } from '@khela/contract/backoffice/reports';
import { bonusesOpsRoutes } from './modules/bonuses/bonuses-ops.routes';
import { bonusesRoutes } from './modules/bonuses/bonuses.routes';
import { socialLoginRoutes } from './modules/social-login/social-login.routes';
import { SocialLoginService } from './modules/social-login/social-login.service';
import { BonusesService } from './modules/bonuses/bonuses.service';
import { BonusWagering } from './modules/bonuses/wagering';

export interface Services {
  audit: AuditService;
  operators: OperatorsService;
  membersDesk: MembersDeskService;
  adjustments: AdjustmentsService;
  settings: SettingsService;
  system: SystemService;
  keys: KeysService;
  outbox: OutboxService;
  sessions: SessionsService;
  profiles: MemberProfiles;
  balances: Balances;
  ledger: Ledger;
  captcha: CaptchaService;
  verification: VerificationService;
  accounts: AccountsService;
  content: ContentService;
  contentOps: ContentOpsService;
  chat: ChatService;
  records: RecordsService;
  channels: ChannelsService;
  deposits: DepositsService;
  protection: ProtectionService;
  withdrawals: WithdrawalsService;
  games: GamesService;
  gameVendors: GameVendors;
  gameWallet: GameWallet;
  originals: OriginalsService;
  lottery: LotteryService;
  vip: VipService;
  inbox: InboxService;
  feedback: FeedbackService;
  rewards: RewardsService;
  agents: AgentsService;
  security: SecurityService;
  kyc: KycService;
  headIcon: HeadIconService;
  reports: ReportsService;
  /** Bonus campaigns for operators (create, edit, pause, uptake and cost). */
  campaignAdmin: CampaignAdminService;
  /** The summary tables' rollup pass (tests and the bench run it by hand: `run()`). */
  reportsRollup: ReportsRollup;
  /**
   * The back office's queue counters: a module owning a queue registers its count
   * (`registerQueueCounter`) and calls `changed(name)` when it may have changed.
   */
  liveCounters: LiveCounters;
  /** The bonus engine (docs/bonuses.md) and its cached read of each member's active bonus. */
  bonuses: BonusesService;
  activeBonuses: ActiveBonuses;
  /** The wagering pass (tests run it by hand: `run()`). */
  bonusWagering: BonusWagering;
  /** Google, Facebook (OpenID Connect) and Telegram login (docs/social-login.md). */
  socialLogin: SocialLoginService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    database: DatabaseHandle;
    cache: CacheStore;
    /** The payment reconciliation pass (tests run it by hand). */
    reconciler: PaymentReconciler;
    /** The payment gateways PAYMENT_PROVIDERS configured. */
    paymentGateways: PaymentGateways;
  }
}

export interface AppDeps {
  /** An open, migrated database (tests); otherwise opened from the config and closed with the app. */
  database?: DatabaseHandle;
  cache?: CacheStore;
  /** Where log lines go (tests read them); otherwise stdout, batched (lib/logger.ts). */
  logDestination?: DestinationStream;
  /** Payout gateways by channel and their pace (tests); none: withdrawals are paid by hand. */
  payouts?: {
    gatewayFor: (channelCode: string) => PayoutGateway | undefined;
    timing?: Partial<PayoutTiming>;
  };
}

/**
 * Request ids: this process's random prefix and a counter, unique across processes and restarts,
 * and cheaper than a UUID per request.
 */
const processPrefix = randomBytes(6).toString('base64url');
let requestCount = 0;
const nextRequestId = () => `${processPrefix}-${(requestCount += 1).toString(36)}`;
/** A proxy's or client's `x-request-id` when it is a short, safe token, else one of ours. */
const requestIdOf = (request: IncomingMessage) =>
  acceptedRequestId(request.headers['x-request-id']) ?? nextRequestId();

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const database =
    deps.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      migrationsFolder: config.migrationsDir,
    }));
  const cache = deps.cache ?? openCache(config.redisUrl, config.redisPrefix);
  await database.migrate();

  const settings = new SettingsService(database.db, cache, config.settingsRefreshMs);
  await settings.start();
  const keys = new KeysService(database.db);
  await keys.start();
  // SMS and e-mail leave through the outbox's delivery queue, to the configured providers.
  const messageProviders = openMessageProviders(config.messages);
  const outbox = new OutboxService(database.db, { providers: messageProviders });
  const profiles = new MemberProfiles(database.db, cache);
  const balances = new Balances(database.db, cache);
  const ledger = new Ledger(database.db);
  const sessions = new SessionsService(database.db, settings, profiles, cache);
  const usernames = new TakenUsernames(database.db, cache);
  await Promise.all([profiles.start(), balances.start(), sessions.start(), usernames.start()]);
  const captcha = new CaptchaService(cache, config.opsCaptchaPeek);
  const passwords = new PasswordHasher(config.passwordHashCost);
  const audit = new AuditService(database.db);
  const protection = new ProtectionService({
    db: database.db,
    cache,
    sessions,
    settings,
    passwords,
    audit,
  });
  await protection.start();
  const verification = new VerificationService(cache, outbox);
  const content = new ContentService(database.db, cache, config.settingsRefreshMs);
  await content.start();
  const games = new GamesService(database.db, cache, config.settingsRefreshMs);
  await games.start();
  const inbox = new InboxService(database.db, settings);
  const activeBonuses = new ActiveBonuses(database.db, cache);
  await activeBonuses.start();
  const bonuses = new BonusesService({
    db: database.db,
    ledger,
    balances,
    settings,
    active: activeBonuses,
    inbox,
  });
  const bonusWagering = new BonusWagering(database.db, bonuses, {
    intervalMs: config.bonusWageringIntervalMs,
  });
  const gameVendors = new GameVendors(database.db, cache);
  await gameVendors.start();
  const gameWallet = new GameWallet({
    db: database.db,
    prepared: database.prepared,
    lanes: config.gameWalletLanes,
    cache,
    ledger,
    balances,
    guard: protection,
    bonuses: activeBonuses,
    noteBigWin: (win) => games.noteBigWin(win),
    sessionGame: (gameId) => games.sessionGame(gameId),
  });
  await gameWallet.start();
  // Exactly the gateways PAYMENT_PROVIDERS lists (none unless configured; the quick start lists
  // the sandbox, the partners app, with the secret it shares).
  const gateways = await openGateways(config, { cache });
  const channels = new ChannelsService(database.db, cache, gateways);
  await channels.start();
  // Withdrawals on a channel whose gateway pays out (PAYOUT_PROVIDERS) are sent to it on approval.
  const payoutGateways = new Map<string, PayoutGateway>(
    config.payoutProviders.map((name) => {
      // The sandbox, the only payout adapter, is the partners app's (as its payments are).
      if (!config.paymentSandboxUrl || !config.paymentSandboxSecret) {
        throw new StartupError(
          'PAYOUT_PROVIDERS lists sandbox: set PAYMENT_SANDBOX_URL and PAYMENT_SANDBOX_SECRET',
        );
      }
      const gateway = new SandboxPayoutGateway({
        baseUrl: config.paymentSandboxUrl,
        secret: config.paymentSandboxSecret,
      });
      return [name, gateway];
    }),
  );
  const payoutGatewayFor =
    payoutGateways.size === 0
      ? undefined
      : async (channelCode: string) => {
          const channel = await channels.row(channelCode);
          return channel ? payoutGateways.get(channel.provider) : undefined;
        };
  // Where gateways send the player back and their notices: the public address, else our own.
  let siteUrl = () => config.publicUrl?.replace(/\/$/, '') ?? `http://127.0.0.1:${config.port}`;
  const deposits = new DepositsService({
    db: database.db,
    ledger,
    balances,
    channels,
    gateways,
    siteUrl: () => siteUrl(),
    payer: async (memberId) => {
      const profile = await profiles.get(memberId);
      return {
        memberId: String(memberId),
        name: profile?.username ?? String(memberId),
        phone: null,
        email: null,
      };
    },
    // Player protection: deposit limits, time-outs and self-exclusion.
    depositGuard: protection,
    inbox,
    bonuses,
  });
  // The back office's live queue counters; the queues' owners register their counts below.
  const liveCounters = new LiveCounters(cache);
  const reportsRollup = new ReportsRollup(database.db, {
    timeZone: REPORTS_TIME_ZONE,
    intervalMs: config.reportsRollup.intervalMs,
    settleSeconds: config.reportsRollup.settleSeconds,
  });
  const withdrawals = new WithdrawalsService({
    db: database.db,
    cache,
    ledger,
    balances,
    settings,
    channels,
    inbox,
    passwords,
    protection,
    payoutGatewayFor: deps.payouts?.gatewayFor ?? payoutGatewayFor,
    payoutTiming: deps.payouts?.timing,
    queueChanged: () => liveCounters.changed('pendingWithdrawals'),
    bonuses,
  });
  // Step-up on a new device (LOGINIPVERF3): the security module's, asked by every member login.
  const stepUp = new StepUpService({
    db: database.db,
    cache,
    settings,
    verification,
    outbox,
    inbox,
  });
  const vip = new VipService(database.db, settings, cache);
  await vip.start();
  const core: Omit<Services, 'membersDesk' | 'adjustments' | 'socialLogin'> = {
    audit,
    operators: new OperatorsService({ db: database.db, settings, passwords, audit }),
    settings,
    keys,
    system: new SystemService(database.db, settings),
    outbox,
    sessions,
    profiles,
    balances,
    ledger,
    captcha,
    verification,
    accounts: new AccountsService({
      db: database.db,
      cache,
      config,
      settings,
      sessions,
      captcha,
      verification,
      outbox,
      profiles,
      balances,
      ledger,
      usernames,
      protection,
      passwords,
      bonuses,
      stepUp,
      vip,
    }),
    content,
    contentOps: new ContentOpsService(database.db, content, bonuses),
    chat: new ChatService(database.db, settings, cache, () => liveCounters.changed('openChats')),
    channels,
    deposits,
    records: new RecordsService(database.db, settings),
    protection,
    withdrawals,
    games,
    gameVendors,
    gameWallet,
    originals: new OriginalsService({ db: database.db, gameWallet, games, settings }),
    lottery: new LotteryService({ db: database.db, games, gameWallet, protection, settings }),
    vip,
    inbox,
    feedback: new FeedbackService(database.db, settings, inbox),
    rewards: new RewardsService({ db: database.db, ledger, balances, settings }),
    agents: new AgentsService({
      db: database.db,
      cache,
      ledger,
      balances,
      settings,
      passwords,
      audit,
    }),
    security: new SecurityService({
      db: database.db,
      cache,
      settings,
      sessions,
      inbox,
      passwords,
      stepUp,
    }),
    kyc: new KycService({
      db: database.db,
      inbox,
      audit,
      withdrawals,
      queueChanged: () => liveCounters.changed('kycWaiting'),
    }),
    headIcon: new HeadIconService(database.db),
    reports: new ReportsService({ db: database.db, live: liveCounters }),
    // A campaign's change reaches the promotions that name it (how to get the bonus).
    campaignAdmin: new CampaignAdminService({
      db: database.db,
      settings,
      changed: () => content.announce(),
    }),
    reportsRollup,
    liveCounters,
    bonuses,
    activeBonuses,
    bonusWagering,
  };
  const services: Services = {
    ...core,
    membersDesk: new MembersDeskService({
      db: database.db,
      audit,
      accounts: core.accounts,
      sessions,
      vip: core.vip,
      stepUp,
    }),
    adjustments: new AdjustmentsService({
      db: database.db,
      ledger,
      balances,
      settings,
      audit,
      queueChanged: () => liveCounters.changed('adjustmentsWaiting'),
    }),
    socialLogin: new SocialLoginService({
      db: database.db,
      cache,
      passwords,
      settings,
      accounts: core.accounts,
      config,
    }),
  };
  // The spec's `firebase` login type is a social login (docs/social-login.md).
  core.accounts.useFirebaseLogin((body, meta) => services.socialLogin.firebaseLogin(body, meta));
  liveCounters.registerQueueCounter('pendingWithdrawals', () =>
    services.withdrawals.pendingCount(),
  );
  liveCounters.registerQueueCounter('openChats', () => services.chat.openCount());
  liveCounters.registerQueueCounter('kycWaiting', () => services.kyc.waitingCount());
  liveCounters.registerQueueCounter('adjustmentsWaiting', () =>
    services.adjustments.waitingCount(),
  );
  const opsToken = await resolveOpsToken(config.opsToken, config.dataDir);

  const app = Fastify({
    // Never waits on stdout (lib/logger.ts); one line per request (plugins/request-log.ts).
    loggerInstance: createLogger(config.logLevel, deps.logDestination),
    logController: new RequestLogController(),
    // request.log is made when a request writes a line of its own, not for every request.
    childLoggerFactory: requestChildLogger,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: false,
    genReqId: requestIdOf,
    // A parameter longer than this is refused (414) before any route: the longest an API takes
    // is a 96-character round id, percent-encoded up to three times as long.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 300 },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('services', services);
  // Every operator route must declare its permission (checked as each route is added).
  requireOperatorPermissions(app);
  const fallbackUrl = config.publicUrl ?? `http://127.0.0.1:${config.port}`;
  siteUrl = () => config.publicUrl?.replace(/\/$/, '') ?? ownBaseUrl(app, fallbackUrl);
  deposits.useLog(app.log);
  services.socialLogin.useLog(app.log);
  const reconciler = new PaymentReconciler({
    deposits,
    gateways,
    intervalMs: config.paymentReconcile.intervalMs,
    afterMs: config.paymentReconcile.afterMs,
    log: app.log,
  });
  app.decorate('reconciler', reconciler);
  app.decorate('paymentGateways', gateways);
  app.decorate('database', database);
  app.decorate('cache', cache);
  app.addHook('onClose', async () => {
    settings.stop();
    await reconciler.stop();
    content.stop();
    games.stop();
    services.originals.stop();
    await services.lottery.stop();
    await services.withdrawals.stopPayouts();
    await reportsRollup.stop();
    await bonusWagering.stop();
    liveCounters.stop();
    await outbox.stop();
    messageProviders.close();
    if (!deps.cache) await cache.close();
    if (!deps.database) await database.close();
  });

  // Telegram's login widget (a script and its frame), only when Telegram login is configured.
  const telegramOrigins = config.social.telegram
    ? { scripts: ['https://telegram.org'], frames: ['https://oauth.telegram.org'] }
    : { scripts: [], frames: [] };
  await app.register(requestLogPlugin);
  // Before every route, so that each answer is timed (plugins/metrics.ts).
  await app.register(metricsPlugin, { database, listen: config.metrics });
  await app.register(languagePlugin);
  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, {
    corsOrigins: config.corsOrigins,
    // The site frames game vendors' pages: the registry's enabled vendors' page origins.
    frameOrigins: () => [...gameVendors.frameOrigins(), ...telegramOrigins.frames],
    scriptOrigins: telegramOrigins.scripts,
  });
  await app.register(formbody, { bodyLimit: config.bodyLimitBytes });
  await app.register(sealedPayloadPlugin, { keys, settings });
  await app.register(wellFormedInputPlugin);
  await app.register(openapiPlugin);
  await app.register(healthRoutes);

  // The player API: behind the maintenance and region gate, rate-limited per client IP.
  await app.register(async (wps) => {
    await wps.register(systemGatePlugin, { settings });
    await wps.register(rateLimitPlugin, { limits: config.rateLimit, cache });
    await wps.register(authPlugin, { sessions });
    await wps.register(systemRoutes);
    await wps.register(accountsRoutes, { authRateLimit: config.rateLimit.auth });
    await wps.register(contentRoutes);
    await wps.register(chatRoutes);
    await wps.register(channelsRoutes);
    await wps.register(depositsRoutes);
    await wps.register(recordsRoutes);
    await wps.register(protectionRoutes);
    await wps.register(gamesRoutes);
    await wps.register(launchRoutes);
    await wps.register(vipRoutes);
    await wps.register(inboxRoutes);
    await wps.register(feedbackRoutes);
    await wps.register(withdrawalsRoutes);
    await wps.register(rewardsRoutes);
    await wps.register(agentsRoutes);
    await wps.register(securityRoutes);
    await wps.register(kycRoutes);
    await wps.register(headIconRoutes);
    await wps.register(originalsRoutes);
    await wps.register(lotteryRoutes);
    await wps.register(bonusesRoutes);
    await wps.register(socialLoginRoutes, { authRateLimit: config.rateLimit.auth });
  });
  await app.register(operatorsRoutes, {
    opsToken,
    cookieSecure: config.publicUrl?.startsWith('https:') ?? false,
  });
  await app.register(auditRoutes, { opsToken });
  await app.register(opsRoutes, { opsToken });
  await app.register(membersDeskRoutes, { opsToken });
  await app.register(adjustmentsRoutes, { opsToken });
  await app.register(agentsOpsRoutes, { opsToken });
  await app.register(metricsOpsRoutes, { opsToken });
  await app.register(contentOpsRoutes, { opsToken });
  await app.register(chatOpsRoutes, { opsToken });
  await app.register(gamesOpsRoutes, { opsToken });
  await app.register(inboxOpsRoutes, { opsToken });
  await app.register(feedbackOpsRoutes, { opsToken });
  await app.register(channelsOpsRoutes, { opsToken });
  await app.register(paymentsOpsRoutes, { opsToken });
  // The payment gateways' side, outside the player API's gate: their returns and notices, one
  // pair per configured gateway (none for a gateway not listed).
  await app.register(paymentGatewayRoutes, { gateways });
  // Game vendors' servers: the seamless wallet, signed per provider.
  await app.register(vendorWalletRoutes, { vendors: gameVendors });
  await app.register(withdrawalsOpsRoutes, { opsToken });
  await app.register(moneyDeskOpsRoutes, { opsToken });
  await app.register(depositsOpsRoutes, { opsToken });
  await app.register(kycOpsRoutes, { opsToken });
  await app.register(campaignsOpsRoutes, { opsToken });
  await app.register(protectionOpsRoutes, { opsToken });
  await app.register(gameWalletOpsRoutes, { opsToken });
  await app.register(reportsRoutes, { opsToken, live: liveCounters });
  await app.register(bonusesOpsRoutes, { opsToken });
  // The back office under /ops/ (its own bundle), before the player site's not-found fallback.
  await app.register(staticConsolePlugin, { consoleDist: config.consoleDist });
  await app.register(staticWebPlugin, {
    webDist: config.webDist,
    consolePages: consolePages(config.consoleDist),
    // Home's banners are its largest paint: its banners call and first image start with the
    // page. Players' default language is Bengali. With image CDNs the page picks one at random,
    // so there is no single image address to name.
    preloads: (pathname) => {
      if (pathname !== HOME_PATH) return [];
      const image =
        settings.get('imageCDNs').length === 0
          ? services.content.firstBannerUrl(HOME_BANNER_GROUP, DEFAULT_LANGUAGE)
          : undefined;
      return [
        { href: homeBannersUrl(DEFAULT_LANGUAGE), as: 'fetch' as const },
        ...(image ? [{ href: image, as: 'image' as const }] : []),
      ];
    },
  });

  // First start: an `owner` operator, its one-time credentials in a file only we may read.
  const ownerFile = await services.operators.ensureFirstOwner(config.dataDir);
  if (ownerFile) app.log.warn(`first operator "owner" created: credentials in ${ownerFile}`);

  // In-house rounds a crash left between bet and result: completed or refunded now and later.
  await services.originals.start(app.log);
  // The draw scheduler: every process runs one; its steps are safe to run at once.
  services.lottery.start(app.log);
  // Payouts left processing: asked about and ended; every process runs the pass, safely.
  services.withdrawals.startPayouts(app.log);
  // Payments whose return and notice never came: every process runs the pass; see reconciliation.ts.
  reconciler.start();
  // The outbox's delivery worker: every process runs one; a message is claimed by one of them.
  outbox.start(app.log);
  // The reports' summary tables: every process runs the pass; one at a time does the work.
  reportsRollup.start(app.log);
  // The bonus wagering pass: every process runs it; one at a time does the work.
  bonusWagering.start(app.log);
  await liveCounters.start(app.log);

  return app;
}
