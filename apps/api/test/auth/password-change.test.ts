// Proves the one-time-code password change: mailed through a real SMTP server, hashed, 10 minutes, 5 tries, one use, and the outbox without SMTP.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNull } from 'drizzle-orm';
import { transformPassword, type Company, type ErrorObject, type OtpValidation, type SignedInUser } from '@erp/contracts';
import { withTenant } from '../../src/platform/db/tenancy';
import { mailOutbox } from '../../src/platform/mail/mail.tables';
import { oneTimeCodes } from '../../src/modules/auth/index';
import { adminOf, call, createTestApp, signIn, type Session, type TestApp, type TestTenant } from '../helpers/test-app';

type ReceivedMail = { from: string; to: string[]; raw: string };
type Message = { message: string };

const INVALID_CODE = 'The code is not valid or has expired; please request a new one';
const REQUESTED = 'If the address belongs to an active user, a code has been sent to it';
const PASSWORD = 'Correct horse 1';

/** The text of a received mail: headers dropped, quoted-printable soft breaks and escapes undone. */
function textOf(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function codeOf(mail: ReceivedMail | undefined): string {
  const match = /one-time code is (\d+)\./.exec(textOf(mail?.raw ?? ''));
  if (!match) throw new Error(`no code in the mail: ${mail?.raw}`);
  return match[1]!;
}

let smtp: SMTPServer;
const inbox: ReceivedMail[] = [];
let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let mail: string;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  // smtp-server offers STARTTLS with a self-signed certificate; the local test server needs none.
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}/?ignoreTLS=true`, mailFrom: 'ERP <no-reply@erp.test>' });
  ({ tenant, admin } = await adminOf(t, 'PWD'));
  mail = admin.user.mailAddress;
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const request = (address: string, host = tenant.host) => call<Message>(t.app, host, 'GET', `/auth/user/requestpasswordchange/${encodeURIComponent(address)}`);
const validate = (otp: string, address = mail) => call<OtpValidation>(t.app, tenant.host, 'GET', `/auth/user/validateotp/${encodeURIComponent(address)}/${otp}`);
const changeWithToken = async (changeToken: string, password: string, address: string | undefined = mail) =>
  call<Message>(t.app, tenant.host, 'POST', '/auth/user/changepassword', { user: { mailAddress: address }, newPassword: await transformPassword(password), changeToken });
const signInStatus = async (address: string, password: string) =>
  (await call<SignedInUser>(t.app, tenant.host, 'POST', '/auth/user/validate', { key: address, value: await transformPassword(password) })).status;

/** Requests a code for the admin and answers the code the SMTP server received. */
async function freshCode(): Promise<string> {
  const before = inbox.length;
  const res = await request(mail);
  expect(res).toEqual({ status: 200, body: { message: REQUESTED } });
  expect(inbox.length).toBe(before + 1);
  return codeOf(inbox.at(-1));
}

const outboxRows = (app: TestApp, tenantId: string) =>
  withTenant(app.platform.database.db, { tenantId, companies: 'all' }, (tx) => tx.select().from(mailOutbox).orderBy(mailOutbox.createdAt));

describe('password change by one-time code (real SMTP)', () => {
  it('answers the same message for a known and an unknown address and mails only the known one', async () => {
    const before = inbox.length;
    const unknown = await request('nobody@pwd.test');
    expect(unknown).toEqual({ status: 200, body: { message: REQUESTED } });
    expect(inbox.length).toBe(before);

    const known = await request(mail.toUpperCase());
    expect(known).toEqual(unknown);
    expect(inbox.length).toBe(before + 1);
    const received = inbox.at(-1)!;
    expect(received.to).toEqual([mail]);
    expect(received.from).toBe('no-reply@erp.test');
    expect(received.raw).toMatch(/^Subject: Your password change code$/m);
    expect(codeOf(received)).toMatch(/^\d{6}$/);

    const rows = await outboxRows(t, tenant.tenantId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ toAddress: mail, status: 'Sent', error: null });
    expect(rows[0]!.sentAt).toBeInstanceOf(Date);
    expect(rows[0]!.body).toContain(codeOf(received));
  });

  it('keeps only a hash of the code', async () => {
    const code = await freshCode();
    const codes = await withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, (tx) => tx.select().from(oneTimeCodes));
    expect(codes.length).toBeGreaterThan(0);
    for (const row of codes) {
      expect(row.codeHash).toMatch(/^\$argon2id\$/);
      expect(row.codeHash).not.toContain(code);
    }
  });

  it('refuses a wrong code with the message, allows 5 tries, then refuses even the right code', async () => {
    const code = await freshCode();
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await validate(wrong);
      expect(res.status, `try ${i + 1}`).toBe(422);
      expect(res.body).toEqual({ message: INVALID_CODE, statusCode: 422, serverError: 'BusinessRule' });
    }
    const right = await validate(code);
    expect(right.body).toEqual({ message: 'Too many tries for this code; please request a new one', statusCode: 429, serverError: 'TooManyRequests' });
    expect(right.body).not.toHaveProperty('changeToken');
    const live = await withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, (tx) => tx.select().from(oneTimeCodes).where(isNull(oneTimeCodes.usedAt)));
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ tries: 5, validatedAt: null });
  });

  it('answers a change token for the right code on the fifth try; letters count as a try', async () => {
    const code = await freshCode();
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 3; i++) expect((await validate(wrong)).status).toBe(422);
    const letters = await validate('12ab56');
    expect(letters.body).toEqual({ message: INVALID_CODE, statusCode: 422, serverError: 'BusinessRule' });

    const res = await validate(code);
    expect(res.status).toBe(200);
    expect(res.body.validated).toBe(true);
    expect(res.body.changeToken.split('.')).toHaveLength(3);
    expect(new Date(res.body.expiresAt).getTime()).toBeGreaterThan(t.clock.now().getTime());
    const live = await withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, (tx) => tx.select().from(oneTimeCodes).where(isNull(oneTimeCodes.usedAt)));
    expect(live).toHaveLength(1);
    expect(live[0]!.tries).toBe(5);
    expect(live[0]!.validatedAt).toBeInstanceOf(Date);
  });

  it('changes the password with the token: the new one signs in, the old one and older tokens do not', async () => {
    const before = await signIn(t.app, tenant.host, mail, PASSWORD);
    const okBefore = await call<Company>(t.app, tenant.host, 'GET', '/gl/GetFullCompany', undefined, before);
    expect(okBefore.status).toBe(200);
    expect(okBefore.body.id).toBe(tenant.companyId);

    const code = await freshCode();
    const { body } = await validate(code);
    const changed = await changeWithToken(body.changeToken, 'New password 2');
    expect(changed).toEqual({ status: 200, body: { message: 'Password changed' } });

    expect(await signInStatus(mail, 'New password 2')).toBe(200);
    expect(await signInStatus(mail, PASSWORD)).toBe(401);
    const stale = await call<ErrorObject>(t.app, tenant.host, 'GET', '/gl/GetFullCompany', undefined, before);
    expect(stale.status).toBe(401);
    expect(stale.body).toMatchObject({ statusCode: 401, serverError: 'Unauthorized' });

    // The same token and the same code cannot be used again.
    const again = await changeWithToken(body.changeToken, 'Third password 3');
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: INVALID_CODE, statusCode: 422, serverError: 'BusinessRule' });
    const reuse = await validate(code);
    expect(reuse.status).toBe(422);
    expect(await signInStatus(mail, 'New password 2')).toBe(200);
    expect(await signInStatus(mail, 'Third password 3')).toBe(401);
  });

  it('refuses a token for another address, a forged token and a missing new password, changing nothing', async () => {
    const { body } = await validate(await freshCode());
    const other = await changeWithToken(body.changeToken, 'Other password 4', 'someone-else@pwd.test');
    expect(other).toEqual({ status: 422, body: { message: INVALID_CODE, statusCode: 422, serverError: 'BusinessRule' } });
    const forged = await changeWithToken(`${body.changeToken.slice(0, -4)}AAAA`, 'Other password 4');
    expect(forged.status).toBe(422);
    const missing = await call<ErrorObject>(t.app, tenant.host, 'POST', '/auth/user/changepassword', { user: { mailAddress: mail }, changeToken: body.changeToken });
    expect(missing.body).toEqual({ message: 'Please supply password', statusCode: 400, serverError: 'BadRequest' });
    const plain = await call<ErrorObject>(t.app, tenant.host, 'POST', '/auth/user/changepassword', { user: { mailAddress: mail }, newPassword: 'not-transformed', changeToken: body.changeToken });
    expect(plain.status).toBe(400);
    const noProof = await call<ErrorObject>(t.app, tenant.host, 'POST', '/auth/user/changepassword', { user: { mailAddress: mail }, newPassword: await transformPassword('x') });
    expect(noProof.status).toBe(401);
    expect(await signInStatus(mail, 'New password 2')).toBe(200);
    expect(await signInStatus(mail, 'Other password 4')).toBe(401);
    // The token was not spent by the refusals: it still works once.
    expect((await changeWithToken(body.changeToken, 'New password 2')).status).toBe(200);
  });

  it('lets a code expire after 10 minutes, and its change token with it', async () => {
    const expired = await freshCode();
    t.clock.advanceMinutes(11);
    const late = await validate(expired);
    expect(late).toEqual({ status: 422, body: { message: INVALID_CODE, statusCode: 422, serverError: 'BusinessRule' } });

    const { body } = await validate(await freshCode());
    t.clock.advanceMinutes(11);
    const res = await changeWithToken(body.changeToken, 'Too late 5');
    expect(res.status).toBe(422);
    expect(await signInStatus(mail, 'Too late 5')).toBe(401);
    expect(await signInStatus(mail, 'New password 2')).toBe(200);
  });

  it('kills the previous code when a new one is requested', async () => {
    const first = await freshCode();
    const second = await freshCode();
    expect(second).not.toBe(first);
    expect((await validate(first)).status).toBe(422);
    const res = await validate(second);
    expect(res.status).toBe(200);
    expect(res.body.validated).toBe(true);

    // A change token already answered for a code dies with it too.
    await freshCode();
    const killed = await changeWithToken(res.body.changeToken, 'Killed 8');
    expect(killed).toEqual({ status: 422, body: { message: INVALID_CODE, statusCode: 422, serverError: 'BusinessRule' } });
    expect(await signInStatus(mail, 'Killed 8')).toBe(401);
  });

  it('gives no code to a user of another tenant with the same address', async () => {
    const other = await t.tenant('PWD2');
    const before = inbox.length;
    expect(await request(mail, other.host)).toEqual({ status: 200, body: { message: REQUESTED } });
    expect(inbox.length).toBe(before);
  });

  it('changes the password of a signed-in user with the current password, and refuses a wrong one', async () => {
    const session = await signIn(t.app, tenant.host, mail, 'New password 2');
    const wrong = await call<ErrorObject>(t.app, tenant.host, 'POST', '/auth/user/changepassword', {
      user: { mailAddress: mail, value: await transformPassword('not my password') },
      newPassword: await transformPassword('Signed in 6'),
    }, session);
    expect(wrong).toEqual({ status: 422, body: { message: 'The current password is not correct', statusCode: 422, serverError: 'BusinessRule' } });
    const missing = await call<ErrorObject>(t.app, tenant.host, 'POST', '/auth/user/changepassword', {
      user: { mailAddress: mail },
      newPassword: await transformPassword('Signed in 6'),
    }, session);
    expect(missing).toEqual({ status: 400, body: { message: 'Please supply your current password', statusCode: 400, serverError: 'BadRequest' } });
    expect(await signInStatus(mail, 'Signed in 6')).toBe(401);

    const ok = await call<Message>(t.app, tenant.host, 'POST', '/auth/user/changepassword', {
      user: { mailAddress: mail, value: await transformPassword('New password 2') },
      newPassword: await transformPassword('Signed in 6'),
    }, session);
    expect(ok).toEqual({ status: 200, body: { message: 'Password changed' } });
    expect(await signInStatus(mail, 'Signed in 6')).toBe(200);
    expect(await signInStatus(mail, 'New password 2')).toBe(401);
    expect((await call(t.app, tenant.host, 'GET', '/gl/GetFullCompany', undefined, session)).status).toBe(401);
  });
});

describe('password change without SMTP', () => {
  let bare: TestApp;
  afterAll(() => bare?.close());

  it('keeps the code in the outbox (status Outbox) and the flow still works', async () => {
    bare = await createTestApp();
    const { tenant: own, admin: boss } = await adminOf(bare, 'NOSMTP');
    const address = boss.user.mailAddress;
    const sentBefore = inbox.length;
    const res = await call<Message>(bare.app, own.host, 'GET', `/auth/user/requestpasswordchange/${encodeURIComponent(address)}`);
    expect(res).toEqual({ status: 200, body: { message: REQUESTED } });
    expect(inbox.length).toBe(sentBefore);

    const rows = await outboxRows(bare, own.tenantId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tenantId: own.tenantId, toAddress: address, subject: 'Your password change code', status: 'Outbox', sentAt: null });
    const code = /one-time code is (\d{6})\./.exec(rows[0]!.body)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const validated = await call<OtpValidation>(bare.app, own.host, 'GET', `/auth/user/validateotp/${encodeURIComponent(address)}/${code}`);
    expect(validated.status).toBe(200);
    const changed = await call<Message>(bare.app, own.host, 'POST', '/auth/user/changepassword', {
      user: { mailAddress: address },
      newPassword: await transformPassword('From the outbox 7'),
      changeToken: validated.body.changeToken,
    });
    expect(changed).toEqual({ status: 200, body: { message: 'Password changed' } });
    const session = await signIn(bare.app, own.host, address, 'From the outbox 7');
    expect(session.tenantId).toBe(own.tenantId);
  });
});
