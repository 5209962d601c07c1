import { describe, expect, it } from 'vitest';
import { codeMail } from './mailer.ts';

describe('the one-time code e-mail', () => {
  it('carries the digits in the body and not in the subject', () => {
    const mail = codeMail('Ada', '042517', 600);
    expect(mail.subject).toMatch(/one-time code/);
    expect(mail.subject).not.toContain('042517');
    expect(mail.text).toContain('042517');
    expect(mail.text).toContain('10 minutes');
    expect(codeMail('Ada', '042517', 90).text).toContain('90 seconds');
  });
});
