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

/** Sends the sign-in e-mails over SMTP_URL (Mailpit or the capture in development). */
export const mailerPlugin = fp(
  async (app: FastifyInstance, opts: { url: string; from: string }) => {
    const transport = nodemailer.createTransport(opts.url);
    app.decorate('mailer', {
      async sendOneTimeCode(to, code, ttlSeconds) {
        const mail = codeMail(to.name, code, ttlSeconds);
        await transport.sendMail({ from: opts.from, to: { name: to.name, address: to.email }, ...mail });
      },
    } satisfies Mailer);
    app.addHook('onClose', async () => transport.close());
  },
  { name: 'mailer' },
);
