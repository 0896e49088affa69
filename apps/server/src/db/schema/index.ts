/**
 * The whole schema, for drizzle's relational queries and drizzle-kit. Each file holds the tables
 * of the one module named after it; only that module imports it (docs/architecture.md).
 */
export * from './system';
export * from './settings';
export * from './keys';
export * from './outbox';
export * from './accounts';
export * from './games';
export * from './content';
export * from './chat';
export * from './ledger';
export * from './cashier';
export * from './withdrawals';
export * from './protection';
export * from './inbox';
export * from './feedback';
export * from './rewards';
export * from './agents';
export * from './game-wallet';
export * from './originals';
export * from './lottery';
export * from './audit';
export * from './kyc';
export * from './operators';
export * from './members-desk';
export * from './adjustments';
export * from './reports';
export * from './bonuses';
export * from './security';
export * from './social-login';
export * from './head-icon';
