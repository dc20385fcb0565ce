import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../../scripts/lib/free-port';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../test/context';
import { createCoreDeps } from '../../app-deps';
import { mailOutbox } from '../../db/schema';
import { mailJobs } from './jobs';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

async function outboxMail(to: string) {
  const [row] = await testDb.database.db
    .insert(mailOutbox)
    .values({
      toAddress: to,
      subject: 'Your code',
      textBody: 'Code 123456',
      htmlBody: '<p>Code 123456</p>',
      language: 'en-US',
      purpose: 'signup_code',
    })
    .returning();
  return row!;
}

const job = (mailId: number) => ({ id: 'job', name: 'mail.send', data: { mailId } }) as never;

describe('mail.send', () => {
  it('without SMTP_URL keeps the mail in the outbox, marked delivered, and logs it', async () => {
    const logged: string[] = [];
    const [send] = mailJobs(createCoreDeps(testConfig(), testDb.database), (m) => logged.push(m));
    const mail = await outboxMail('local@example.com');
    await send!.handle(job(mail.id));
    const [row] = await testDb.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(row).toMatchObject({ transport: 'outbox', attempts: 1 });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(logged[0]).toContain('local@example.com');
    expect(logged[0]).toContain('Code 123456');
  });

  it('with SMTP_URL sends through SMTP, once even when the job runs twice', async () => {
    const received: Array<{ to: string; subject: string; text: string }> = [];
    const port = await freePort();
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            received.push({
              to: String(parsed.to && 'text' in parsed.to ? parsed.to.text : ''),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    try {
      const config = testConfig({
        SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
        MAIL_FROM: 'Cloudbay <no-reply@test.local>',
      });
      const [send] = mailJobs(createCoreDeps(config, testDb.database), () => {});
      const mail = await outboxMail('remote@example.com');
      await send!.handle(job(mail.id));
      await send!.handle(job(mail.id));
      expect(received).toEqual([{ to: 'remote@example.com', subject: 'Your code', text: 'Code 123456' }]);
      const [row] = await testDb.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
      expect(row!.transport).toBe('smtp');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('records the error and throws for a retry when SMTP fails', async () => {
    const port = await freePort(); // nothing listens there
    const config = testConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const [send] = mailJobs(createCoreDeps(config, testDb.database), () => {});
    const mail = await outboxMail('retry@example.com');
    await expect(send!.handle(job(mail.id))).rejects.toThrow();
    const [row] = await testDb.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(row).toMatchObject({ sentAt: null, attempts: 1 });
    expect(row!.lastError).toBeTruthy();
  });
});
