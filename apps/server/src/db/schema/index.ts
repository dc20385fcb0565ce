/** Every table, one file per domain. drizzle-kit reads this to generate migrations. */
export * from './identity';
export * from './mail';
export * from './rate-limit';
export * from './system';
export * from './wallet';
export * from './notices';
export * from './content';
export * from './catalog';
export * from './dict';
export * from './files';
export * from './idempotency';
export * from './payments';
export * from './orders';
export * from './sim';
export * from './resources';
export * from './desktop-access';
export * from './phones';
