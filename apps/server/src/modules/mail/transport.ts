import nodemailer from 'nodemailer';
import type { Config } from '../../config/env';

export interface MailTransport {
  name: 'smtp' | 'outbox';
  send(mail: { to: string; subject: string; text: string; html: string }): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise the outbox itself is the destination (the mail row stays
 * readable in `mail_outbox` and a log line says so), so `npm start` needs no mail server.
 */
export function createMailTransport(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>,
  log: (message: string) => void,
): MailTransport {
  if (!config.SMTP_URL) {
    return {
      name: 'outbox',
      async send(mail) {
        // Without SMTP the log is where a developer reads the mail (and its code): it is the delivery.
        log(`mail to ${mail.to} kept in the outbox (no SMTP_URL): ${mail.subject}\n${mail.text}`);
      },
    };
  }
  const transporter = nodemailer.createTransport(config.SMTP_URL);
  return {
    name: 'smtp',
    async send(mail) {
      await transporter.sendMail({ from: config.MAIL_FROM, ...mail });
    },
  };
}
