// The named providers (issue 18 §1), checked at the fetch boundary against their documented request formats:
// Postmark's Email API (POST https://api.postmarkapp.com/email, X-Postmark-Server-Token, From/To/Subject/TextBody/
// HtmlBody/MessageStream, Attachments [{ Name, Content, ContentType }]) and Twilio's Messages API (POST
// https://api.twilio.com/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To/From/Body, HTTP Basic auth).
// A provider's error answer is thrown and logged, and the change the message reports stands; a hanging provider is
// cut off by the time limit. Only fetch is stubbed.
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../functions/_api/db/schema/messages';
import { outbox } from '../../functions/_api/db/schema/system';
import { postmarkMail } from '../../functions/_api/platform/mail';
import { twilioSms } from '../../functions/_api/platform/sms';
import { useHarness } from '../support/use-harness';
import { stubProviders } from '../support/providers/fetch';
import { fakePostmark } from '../support/providers/postmark';
import { fakeTwilio, twilioOk } from '../support/providers/twilio';
import { TEST_ORIGIN } from '../support/harness';
import { signedUp, type Agent } from '../support/agent';
import { ok, refused, typedClient } from '../support/typed-client';
import { requestBooking, world } from '../support/booking-fixtures';

const SID = 'AC0123456789abcdef0123456789abcdef';
const PROVIDERS = {
  POSTMARK_SERVER_TOKEN: 'pm-server-token',
  MAIL_FROM: 'YourLocalChef <hello@example.ch>',
  TWILIO_ACCOUNT_SID: SID,
  TWILIO_AUTH_TOKEN: 'tw-auth-token',
  TWILIO_FROM: '+41445550000',
};

const postmark = fakePostmark();
const twilio = fakeTwilio();

function stubMailAndSms() {
  postmark.reset();
  twilio.reset();
  stubProviders({ 'api.postmarkapp.com': postmark.route, 'api.twilio.com': twilio.route });
}

const h = useHarness(PROVIDERS);
const logged: string[] = [];
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  logged.length = 0;
});
const captureLog = () => vi.spyOn(console, 'error').mockImplementation((line: unknown) => void logged.push(String(line)));

describe('Postmark', () => {
  it('gets a notice mail as its Email API documents it, with both parts, and nothing lands in the outbox', async () => {
    stubMailAndSms();
    const w = await world(h);
    const id = await requestBooking(h, w);
    const sent = postmark.calls.filter((c) => JSON.parse(c.body).To === w.customer.email);
    expect(sent).toHaveLength(1);
    const call = sent[0]!;
    expect(call.url).toBe('https://api.postmarkapp.com/email');
    expect(call.method).toBe('POST');
    expect(call.headers.get('x-postmark-server-token')).toBe('pm-server-token');
    expect(call.headers.get('content-type')).toBe('application/json');
    expect(call.headers.get('accept')).toBe('application/json');
    const body = JSON.parse(call.body);
    expect(Object.keys(body).sort()).toEqual(['From', 'HtmlBody', 'MessageStream', 'Subject', 'Tag', 'TextBody', 'To']);
    expect(body).toMatchObject({ From: 'YourLocalChef <hello@example.ch>', To: w.customer.email, Subject: 'Your request was sent', MessageStream: 'outbound', Tag: 'notify.booking.request.customer' });
    expect(body.TextBody).toContain(`${TEST_ORIGIN}/account/me/bookings/${id}`);
    expect(body.HtmlBody).toContain(`href="${TEST_ORIGIN}/account/me/bookings/${id}"`);
    expect(await h.db.select().from(outbox).where(eq(outbox.recipient, w.customer.email))).toEqual([]);
  });

  it('gets the attachments as [{ Name, Content, ContentType }] in base64', async () => {
    stubMailAndSms();
    const mail = postmarkMail({ serverToken: 't', from: 'hello@example.ch', fetch: globalThis.fetch });
    const ics = btoa('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    await mail.send({ to: 'a@example.com', subject: 'S', text: 'T', html: '<p>T</p>', attachments: [{ filename: 'booking-7.ics', contentType: 'text/calendar; method=REQUEST', content: ics }] });
    expect(JSON.parse(postmark.calls[0]!.body).Attachments).toEqual([{ Name: 'booking-7.ics', Content: ics, ContentType: 'text/calendar; method=REQUEST' }]);
  });

  it('refusing a mail (422) is thrown and logged with its ErrorCode; the booking and its notification stand', async () => {
    stubMailAndSms();
    postmark.reply = () => Response.json({ ErrorCode: 406, Message: 'You tried to send to a recipient that has been marked as inactive.' }, { status: 422 });
    captureLog();
    const w = await world(h);
    const id = await requestBooking(h, w);
    expect(postmark.calls.some((c) => JSON.parse(c.body).To === w.customer.email)).toBe(true);
    const [note] = await h.db.select().from(notifications).where(and(eq(notifications.userId, w.customer.userId), eq(notifications.link, `/account/me/bookings/${id}`)));
    expect(note?.title).toBe('Your request was sent');
    expect(logged.join('\n')).toMatch(/"event":"notify\.mail_failed".*Postmark answered 422 \(ErrorCode 406: You tried to send to a recipient that has been marked as inactive\.\)/);
    // Neither the token nor the mail's text reaches the log.
    expect(logged.join('\n')).not.toMatch(/pm-server-token|Your request was sent/);
    await expect(postmarkMail({ serverToken: 't', from: 'f@example.ch', fetch: globalThis.fetch }).send({ to: 'a@example.com', subject: 'S', text: 'T' })).rejects.toThrow(
      'Postmark answered 422 (ErrorCode 406: You tried to send to a recipient that has been marked as inactive.)',
    );
    postmark.reply = () => new Response('<html>Bad gateway</html>', { status: 502 });
    await expect(postmarkMail({ serverToken: 't', from: 'f@example.ch', fetch: globalThis.fetch }).send({ to: 'a@example.com', subject: 'S', text: 'T' })).rejects.toThrow(/^Postmark answered 502$/);
  });

  it('is cut off when it does not answer in time', async () => {
    const hanging: typeof fetch = (_input, init) => new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    const started = Date.now();
    await expect(postmarkMail({ serverToken: 't', from: 'f@example.ch', fetch: hanging, timeoutMs: 50 }).send({ to: 'a@example.com', subject: 'S', text: 'T' })).rejects.toThrow(/timed? ?out|abort/i);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

/** POST /v1/auth/send-verify/mobile for a Swiss number as agent `a`: the pending typed call. */
const sendCode = (a: Agent, phone: string) => typedClient(a).auth['send-verify'].mobile.$post({ json: { phone, country: 'CH' } });

describe('Twilio', () => {
  it('gets a verification code as its Messages API documents it: form-encoded To, From, Body with Basic auth', async () => {
    stubMailAndSms();
    const { agent: a } = await signedUp(h);
    const res = await ok(sendCode(a, '079 123 45 67'));
    expect(res.status).toBe(200);
    const sent = twilio.calls.filter((c) => c.url.startsWith('https://api.twilio.com/'));
    expect(sent).toHaveLength(1);
    const call = sent[0]!;
    expect(call.url).toBe(`https://api.twilio.com/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(call.method).toBe('POST');
    expect(call.headers.get('authorization')).toBe(`Basic ${btoa(`${SID}:tw-auth-token`)}`);
    expect(call.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(call.body);
    expect([...form.keys()].sort()).toEqual(['Body', 'From', 'To']);
    expect(form.get('To')).toBe('+41791234567');
    expect(form.get('From')).toBe('+41445550000');
    expect(form.get('Body')).toMatch(/^Your YourLocalChef code is \d{6}\. It is valid for 10 minutes\.$/);
    expect(await h.db.select().from(outbox).where(eq(outbox.recipient, '+41791234567'))).toEqual([]);
  });

  it('sends from a Messaging Service when TWILIO_FROM is one', async () => {
    stubMailAndSms();
    const service = 'MG0123456789abcdef0123456789abcdef';
    await twilioSms({ accountSid: SID, authToken: 't', from: service, fetch: globalThis.fetch }).send({ to: '+41791234567', text: 'Hi' });
    const form = new URLSearchParams(twilio.calls[0]!.body);
    expect(form.get('MessagingServiceSid')).toBe(service);
    expect(form.has('From')).toBe(false);
  });

  it('throws its error answer with Twilio’s code, and is cut off when it hangs', async () => {
    stubMailAndSms();
    twilio.reply = () => Response.json({ code: 21211, message: "The 'To' number +41791234567 is not a valid phone number.", more_info: 'https://www.twilio.com/docs/errors/21211', status: 400 }, { status: 400 });
    const sms = twilioSms({ accountSid: SID, authToken: 'secret-token', from: '+41445550000', fetch: globalThis.fetch });
    await expect(sms.send({ to: '+41791234567', text: 'Hi' })).rejects.toThrow("Twilio answered 400 (code 21211: The 'To' number +41791234567 is not a valid phone number.)");
    const hanging: typeof fetch = (_input, init) => new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    await expect(twilioSms({ accountSid: SID, authToken: 't', from: '+41445550000', fetch: hanging, timeoutMs: 50 }).send({ to: '+41791234567', text: 'Hi' })).rejects.toThrow(/timed? ?out|abort/i);
  });

  it('failing is told next to the number (502 SMS_NOT_SENT) and logged with Twilio’s code; the person can ask again', async () => {
    stubMailAndSms();
    twilio.reply = () => Response.json({ code: 20003, message: 'Authenticate', status: 401 }, { status: 401 });
    captureLog();
    const { agent: a } = await signedUp(h);
    const res = await refused(sendCode(a, '079 765 43 21'));
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'SMS_NOT_SENT', errors: { phone: ['We could not send the SMS just now. Please try again in a few minutes.'] } });
    twilio.reply = twilioOk;
    expect((await ok(sendCode(a, '079 765 43 21'))).status).toBe(200);
    expect(logged.join('\n')).toContain('Twilio answered 401 (code 20003: Authenticate)');
    expect(logged.join('\n')).not.toContain('tw-auth-token');
  });
});
