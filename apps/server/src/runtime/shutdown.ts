import type { Logger } from './logger';

/**
 * Runs `steps` in order on SIGINT/SIGTERM (each awaited, failures logged), then exits.
 * A second signal exits at once.
 */
export function onShutdown(logger: Logger, steps: Array<[name: string, stop: () => Promise<unknown>]>): void {
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal}: shutting down`);
    let failed = false;
    for (const [name, stop] of steps) {
      try {
        await stop();
        logger.info(`stopped ${name}`);
      } catch (error) {
        failed = true;
        logger.error({ err: error }, `stopping ${name} failed`);
      }
    }
    process.exit(failed ? 1 : 0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/** Prints a config or start-up failure readably and exits non-zero. */
export function exitOnStartupError(error: unknown): never {
  console.error(`\nCloudbay could not start:\n${error instanceof Error ? error.message : String(error)}\n`);
  if (error instanceof Error && error.cause) console.error('Cause:', error.cause);
  process.exit(1);
}
