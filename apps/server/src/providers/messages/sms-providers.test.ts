/**
 * The SMS adapters against a local stand-in of the provider: Twilio's Messages API (its JSON
 * answers and error codes), and a bulk-SMS gateway's URL template over GET and POST.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedPort, startHttpStandIn, type HttpStandIn } from '../../../test/http-stand-in';
import { HttpTemplateSms } from './http-template-sms';
import { DeliveryError, type OutgoingMessage } from './message-provider';
import { TwilioSms } from './twilio-sms';

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'twilio-auth-token-for-tests';
const CODE_SMS: OutgoingMessage = {
  to: '+8801712345678',
  subject: null,
  text: 'আপনার Khela যাচাইকরণ কোড 123456। কাউকে জানাবেন না। & more',
  html: null,
};

let standIn: HttpStandIn;
beforeAll(async () => {
  standIn = await startHttpStandIn(() => ({ status: 500, text: 'not set' }));
});
afterAll(async () => {
  await standIn.close();
});
beforeEach(() => {
  standIn.requests.length = 0;
});

/** What a send throws: a DeliveryError, whose `permanent` decides retry or failure. */
async function refusal(send: Promise<unknown>) {
  const error = await send.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

describe('Twilio-compatible SMS', () => {
  const twilio = (from = '+15005550006') =>
    new TwilioSms({
      baseUrl: standIn.url,
      accountSid: SID,
      authToken: TOKEN,
      from,
      timeoutMs: 300,
    });

  it('creates a Message with To, From and Body under basic auth and keeps its sid', async () => {
    standIn.answer = () => ({
      status: 201,
      json: { sid: 'SM00000000000000000000000000000001', status: 'queued', error_code: null },
    });
    const result = await twilio().send(CODE_SMS);
    expect(result).toEqual({ providerMessageId: 'SM00000000000000000000000000000001' });
    const [request] = standIn.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
    );
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(request!.body);
    expect(Object.fromEntries(form)).toEqual({
      To: '+8801712345678',
      From: '+15005550006',
      Body: CODE_SMS.text,
    });
  });

  it('names a Messaging Service by MessagingServiceSid instead of From', async () => {
    standIn.answer = () => ({ status: 201, json: { sid: 'SM2', status: 'accepted' } });
    await twilio('MG0123456789abcdef0123456789abcdef').send(CODE_SMS);
    const form = new URLSearchParams(standIn.requests[0]!.body);
    expect(form.get('MessagingServiceSid')).toBe('MG0123456789abcdef0123456789abcdef');
    expect(form.has('From')).toBe(false);
  });

  it("fails for good on Twilio's refusal of the number, with its code and message", async () => {
    standIn.answer = () => ({
      status: 400,
      json: {
        code: 21211,
        message: "The 'To' number +8801712345678 is not a valid phone number.",
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      },
    });
    const error = await refusal(twilio().send(CODE_SMS));
    expect(error.permanent).toBe(true);
    expect(error.message).toBe(
      "HTTP 400: 21211 The 'To' number +8801712345678 is not a valid phone number.",
    );
  });

  it('fails for good on refused credentials (20003), which no retry fixes', async () => {
    standIn.answer = () => ({
      status: 401,
      json: { code: 20003, message: 'Authenticate', status: 401 },
    });
    const error = await refusal(twilio().send(CODE_SMS));
    expect(error).toMatchObject({ permanent: true, message: 'HTTP 401: 20003 Authenticate' });
  });

  it('tries again later after a 5xx, throttling (429), a timeout or no server', async () => {
    standIn.answer = () => ({ status: 503, text: '<html>Service Unavailable</html>' });
    expect(await refusal(twilio().send(CODE_SMS))).toMatchObject({
      permanent: false,
      message: 'HTTP 503: <html>Service Unavailable</html>',
    });
    standIn.answer = () => ({
      status: 429,
      json: { code: 20429, message: 'Too Many Requests', status: 429 },
    });
    expect((await refusal(twilio().send(CODE_SMS))).permanent).toBe(false);
    standIn.answer = () => 'no answer';
    expect(await refusal(twilio().send(CODE_SMS))).toMatchObject({
      permanent: false,
      message: 'unreachable: no answer in 0.3 s',
    });
    const nowhere = new TwilioSms({
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      accountSid: SID,
      authToken: TOKEN,
      from: '+15005550006',
    });
    expect(await refusal(nowhere.send(CODE_SMS))).toMatchObject({
      permanent: false,
      message: 'unreachable: ECONNREFUSED',
    });
  });

  it('fails for good a message Twilio answers as failed at once', async () => {
    standIn.answer = () => ({
      status: 201,
      json: { sid: 'SM3', status: 'failed', error_code: 30007, error_message: 'Message filtered' },
    });
    expect(await refusal(twilio().send(CODE_SMS))).toMatchObject({
      permanent: true,
      message: 'failed: 30007 Message filtered',
    });
  });
});

describe('bulk-SMS gateway by URL template', () => {
  const template = (method: 'GET' | 'POST', successMatch?: string) =>
    new HttpTemplateSms({
      url: `${standIn.url}/api/smsapi?api_key=k%2Fey&type=unicode&number={msisdn}&to={to}&senderid={sender}&message={text}`,
      method,
      sender: 'Khela BD',
      successMatch,
      timeoutMs: 300,
    });

  it('GET: fills the placeholders URL-encoded, and a 2xx is sent', async () => {
    standIn.answer = () => ({ status: 200, json: { response_code: 202, message_id: 'abc-1' } });
    const result = await template('GET').send(CODE_SMS);
    expect(result.providerMessageId).toBe('{"response_code":202,"message_id":"abc-1"}');
    const [request] = standIn.requests;
    expect(request!.method).toBe('GET');
    expect(request!.path).toBe('/api/smsapi');
    expect(Object.fromEntries(request!.query)).toEqual({
      api_key: 'k/ey',
      type: 'unicode',
      number: '8801712345678',
      to: '+8801712345678',
      senderid: 'Khela BD',
      message: CODE_SMS.text,
    });
  });

  it('POST: sends the same fields as a form body to the address without its query', async () => {
    standIn.answer = () => ({ status: 200, text: '1701|SMS SUBMITTED' });
    await template('POST').send(CODE_SMS);
    const [request] = standIn.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/api/smsapi');
    expect([...request!.query]).toEqual([]);
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(request!.body);
    expect(form.get('message')).toBe(CODE_SMS.text);
    expect(form.get('number')).toBe('8801712345678');
    expect(form.get('api_key')).toBe('k/ey');
  });

  it('with a success text set, a 200 without it is tried again later', async () => {
    standIn.answer = () => ({
      status: 200,
      json: { response_code: 1007, error: 'Balance insufficient' },
    });
    const error = await refusal(template('GET', '"response_code":202').send(CODE_SMS));
    expect(error.permanent).toBe(false);
    expect(error.message).toContain('Balance insufficient');
    standIn.answer = () => ({ status: 200, json: { response_code: 202 } });
    await expect(template('GET', '"response_code":202').send(CODE_SMS)).resolves.toBeTruthy();
  });

  it('a 4xx fails for good; a 5xx or no answer is tried again', async () => {
    standIn.answer = () => ({ status: 403, text: 'invalid api key' });
    expect(await refusal(template('POST').send(CODE_SMS))).toMatchObject({
      permanent: true,
      message: 'HTTP 403: invalid api key',
    });
    standIn.answer = () => ({ status: 502, text: 'bad gateway' });
    expect((await refusal(template('GET').send(CODE_SMS))).permanent).toBe(false);
    standIn.answer = () => 'no answer';
    expect((await refusal(template('GET').send(CODE_SMS))).permanent).toBe(false);
  });
});
