/**
 * Outgoing mail. With SMTP_URL, through nodemailer; without it, the message is written to the
 * log and kept in a small in-memory outbox, so that password recovery works on a laptop.
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Messages kept when no SMTP server is configured (newest last). */
  readonly outbox: MailMessage[];
}

export function createMailer(opts: { smtpUrl?: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  const outbox: MailMessage[] = [];
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      outbox,
      async send(message) {
        await transport.sendMail({ from: opts.from, ...message });
        opts.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  return {
    outbox,
    async send(message) {
      outbox.push(message);
      if (outbox.length > 100) outbox.shift();
      opts.log.info({ to: message.to, subject: message.subject, text: message.text }, 'mail (no SMTP_URL: kept in the dev outbox)');
    },
  };
}
