import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createAccount, eventually } from '../../test/factories.js';
import { decodeQuotedPrintable, resetLinkOf, startTestSmtp, type TestSmtp } from '../../test/smtp.js';

let smtp: TestSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ config: { smtpUrl: smtp.url, publicUrl: 'https://agro.exemplo.com.br' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('password recovery over SMTP', () => {
  it('mails a link that resets the password', async () => {
    const a = await createAccount(t.app, { name: 'João Agrônomo' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: a.user.email } });
    expect(res.statusCode).toBe(202);

    const raw = await eventually(() => smtp.messages.find((m) => m.includes(a.user.email)));
    expect(raw).toMatch(/^Subject: .*redefini/im);
    const link = resetLinkOf(raw);
    expect(link).toMatch(/^https:\/\/agro\.exemplo\.com\.br\/reset-password\?token=/);
    expect(t.app.ctx.mailer.outbox).toHaveLength(0);

    const token = new URL(link!).searchParams.get('token');
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'pelo-email-1' } });
    expect(reset.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: a.user.email, password: 'pelo-email-1' },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('security notices over SMTP', () => {
  it('an e-mail change is told to the old address only', async () => {
    const a = await createAccount(t.app, { name: 'Carla Técnica' });
    const newEmail = a.user.email.replace('@', '.trocado@');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: a.auth,
      payload: { email: newEmail, currentPassword: a.password },
    });
    expect(res.statusCode).toBe(200);
    const raw = await eventually(() => smtp.messages.find((m) => decodeQuotedPrintable(m).includes(`de ${a.user.email} para ${newEmail}`)));
    expect(raw).toMatch(new RegExp(`^To: ${a.user.email.replace(/[.]/g, '\\.')}\\r?$`, 'im'));
    expect(decodeQuotedPrintable(raw)).toContain('Carla Técnica');
    expect(smtp.messages.some((m) => new RegExp(`^To: ${newEmail.replace(/[.]/g, '\\.')}`, 'im').test(m))).toBe(false);
  });
});
