/** Every table, one file per domain. drizzle-kit reads this to generate migrations. */
export * from './system';
