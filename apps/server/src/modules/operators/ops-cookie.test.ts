import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { clearSessionCookie, sessionCookieOf, setSessionCookie } from './ops-cookie';

function cookieOf(protocol: 'http' | 'https', secureByConfig: boolean, clear = false) {
  let header = '';
  const request = { protocol } as FastifyRequest;
  const reply = {
    header: (_name: string, value: string) => {
      header = value;
      return reply;
    },
  } as unknown as FastifyReply;
  if (clear) clearSessionCookie(request, reply, secureByConfig);
  else setSessionCookie(request, reply, 'token-abcdefghijklmnop', secureByConfig);
  return header;
}

describe('the console session cookie', () => {
  it('is HttpOnly, SameSite=Strict, for /ops only, and Secure over HTTPS or when configured', () => {
    expect(cookieOf('http', false)).toBe(
      'khela_ops=token-abcdefghijklmnop; Path=/ops; HttpOnly; SameSite=Strict',
    );
    expect(cookieOf('https', false)).toMatch(/; Secure$/);
    expect(cookieOf('http', true)).toMatch(/; Secure$/);
    expect(cookieOf('https', false, true)).toBe(
      'khela_ops=; Max-Age=0; Path=/ops; HttpOnly; SameSite=Strict; Secure',
    );
  });

  it('is read among other cookies, and only when it looks like one of ours', () => {
    const read = (cookie: string) => sessionCookieOf({ headers: { cookie } } as FastifyRequest);
    expect(read('a=1; khela_ops=abcdefghijklmnopqrstuvwxyz_-0123; b=2')).toBe(
      'abcdefghijklmnopqrstuvwxyz_-0123',
    );
    expect(read('khela_ops=short')).toBeUndefined();
    expect(read('khela_ops=<script>alert(1)</script>')).toBeUndefined();
    expect(read('other=1')).toBeUndefined();
  });
});
