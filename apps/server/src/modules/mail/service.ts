import type { Language } from '@cloudbay/contracts';
import { mailOutbox } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import type { JobQueue } from '../../jobs/queue';
import type { RenderedMail } from './templates';

export const SEND_MAIL_JOB = 'mail.send';

export interface OutgoingMail extends RenderedMail {
  to: string;
  language: Language;
  /** What the mail is for (signup_code, reset_password_code…), for the admin side and tests. */
  purpose: string;
}

/**
 * Writes the mail to the outbox and enqueues its delivery in the caller's transaction: the mail
 * goes out exactly when the change that sends it commits.
 */
export async function queueMail(tx: Tx, jobs: JobQueue, mail: OutgoingMail): Promise<number> {
  const [row] = await tx.db
    .insert(mailOutbox)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      language: mail.language,
      purpose: mail.purpose,
    })
    .returning({ id: mailOutbox.id });
  await jobs.enqueue(tx, SEND_MAIL_JOB, { mailId: row!.id }, { singletonKey: `mail:${row!.id}` });
  return row!.id;
}
