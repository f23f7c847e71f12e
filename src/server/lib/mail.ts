import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from './logger.ts';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The one link the mail is about; logged in development so nobody needs a mail client to sign in. */
  link?: string;
};

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
  /** Where mails end up, for the start-up log: "smtp://host:port" or the outbox folder. */
  readonly target: string;
}

/**
 * Sends over SMTP_URL when set; otherwise writes each mail as an .eml file into the outbox folder and logs its link,
 * so `npm start` works with nothing else installed.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; logger: Logger }): Mailer {
  const { smtpUrl, from, outboxDir, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    const url = new URL(smtpUrl);
    return {
      target: `${url.protocol}//${url.host}`,
      async send(mail) {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    target: outboxDir,
    async send(mail) {
      const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(outboxDir, `${stamp}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      logger.info({ to: mail.to, subject: mail.subject, file, link: mail.link }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
}
