import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface Mailer {
  sendOneTimeCode(to: { email: string; name: string }, code: string, ttlSeconds: number): Promise<void>;
  sendPasswordReset(to: { email: string; name: string }, token: string, ttlSeconds: number): Promise<void>;
}

export const RESET_SUBJECT = 'Reset your password';

/** The customer's reset e-mail: the single-use link, and what to do if they did not ask for it. */
export function resetMail(name: string, link: string, ttlSeconds: number) {
  const hours = Math.round(ttlSeconds / 3600);
  return {
    subject: RESET_SUBJECT,
    text: [
      `Hello ${name},`,
      '',
      'Our support team has sent you a link to choose a new password:',
      link,
      '',
      `The link works once and expires in ${hours} hours.`,
      'If you did not ask support for this, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}

export function codeMail(name: string, code: string, ttlSeconds: number) {
  const life = ttlSeconds % 60 === 0 ? `${ttlSeconds / 60} minutes` : `${ttlSeconds} seconds`;
  return {
    // The code stays out of the subject, which lock screens and mail logs show to anyone.
    subject: 'Your staff console one-time code',
    text: [
      `Hello ${name},`,
      '',
      `Your one-time code is ${code}.`,
      `It works once and expires in ${life}.`,
      '',
      'If you did not just try to sign in to the staff console, tell an administrator:',
      'someone knows your password.',
    ].join('\n'),
  };
}

/** Sends the sign-in and customer password-reset e-mails over SMTP_URL (Mailpit or the capture in development). */
export const mailerPlugin = fp(
  async (app: FastifyInstance, opts: { url: string; from: string; resetUrl: string }) => {
    const transport = nodemailer.createTransport(opts.url);
    app.decorate('mailer', {
      async sendOneTimeCode(to, code, ttlSeconds) {
        const mail = codeMail(to.name, code, ttlSeconds);
        await transport.sendMail({ from: opts.from, to: { name: to.name, address: to.email }, ...mail });
      },
      async sendPasswordReset(to, token, ttlSeconds) {
        const link = `${opts.resetUrl}?token=${encodeURIComponent(token)}`;
        const mail = resetMail(to.name, link, ttlSeconds);
        await transport.sendMail({ from: opts.from, to: { name: to.name, address: to.email }, ...mail });
      },
    } satisfies Mailer);
    app.addHook('onClose', async () => transport.close());
  },
  { name: 'mailer' },
);
