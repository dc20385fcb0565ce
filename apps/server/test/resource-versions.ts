/**
 * Records every version a `resources` row takes (each insert and update, by trigger), so a test can
 * check what a reader could ever have seen, not only where a row ends. Each test file has its own
 * database (test/context.ts); `stop` drops the trigger and the log.
 */
import type { Database } from '../src/db/client';

export interface ResourceVersion {
  resource_id: string;
  kind: string;
  resource_status: string;
  status: string;
}

export async function recordResourceVersions(database: Database) {
  await database.pool.query(`
    CREATE TABLE test_resource_versions (
      seq bigserial PRIMARY KEY, resource_id text, kind text, resource_status text, status text);
    CREATE FUNCTION test_record_resource_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO test_resource_versions (resource_id, kind, resource_status, status)
      VALUES (NEW.resource_id, NEW.kind, NEW.resource_status, NEW.status);
      RETURN NULL;
    END $$;
    CREATE TRIGGER test_resource_versions AFTER INSERT OR UPDATE ON resources
      FOR EACH ROW EXECUTE FUNCTION test_record_resource_version();`);
  return {
    /** Every version so far, in the order they were written. */
    versions: async () =>
      (
        await database.pool.query<ResourceVersion>(
          'SELECT resource_id, kind, resource_status, status FROM test_resource_versions ORDER BY seq',
        )
      ).rows,
    stop: () =>
      database.pool.query(`
        DROP TRIGGER test_resource_versions ON resources;
        DROP FUNCTION test_record_resource_version();
        DROP TABLE test_resource_versions;`),
  };
}
