import { eq, sql } from 'drizzle-orm';
import type { JobDeps } from '../../jobs/queue';
import { mailOutbox } from '../../db/schema';
import type { JobDefinition } from '../../jobs/queue';
import { SEND_MAIL_JOB } from './service';
import { createMailTransport } from './transport';

/** `mail.send`: delivers one outbox mail. Idempotent: a mail already sent is not sent again. */
export function mailJobs(deps: JobDeps, log: (message: string) => void): JobDefinition[] {
  const transport = createMailTransport(deps.config, log);
  const { db } = deps.database;
  const sendMail: JobDefinition<{ mailId: number }> = {
    name: SEND_MAIL_JOB,
    queue: { retryLimit: 8, retryDelay: 30, retryBackoff: true },
    async handle(job) {
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, job.data.mailId));
      if (!mail || mail.sentAt) return;
      try {
        await transport.send({
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody,
        });
      } catch (error) {
        await db
          .update(mailOutbox)
          .set({
            attempts: sql`${mailOutbox.attempts} + 1`,
            lastError: (error as Error).message.slice(0, 500),
          })
          .where(eq(mailOutbox.id, mail.id));
        throw error; // pg-boss retries with backoff, then dead-letters
      }
      await db
        .update(mailOutbox)
        .set({ sentAt: new Date(), transport: transport.name, attempts: sql`${mailOutbox.attempts} + 1` })
        .where(eq(mailOutbox.id, mail.id));
    },
  };
  return [sendMail as JobDefinition];
}
