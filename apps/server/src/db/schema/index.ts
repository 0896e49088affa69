/** The whole schema, for drizzle's relational queries and drizzle-kit. */
export * from './system';
export * from './accounts';
export * from './games';
export * from './content';
export * from './chat';
export * from './ledger';
export * from './member-centre';
export * from './rewards';
export * from './game-wallet';
export * from './lottery';
export * from './demo-vendor';
