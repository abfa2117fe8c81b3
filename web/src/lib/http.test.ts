import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from './fetch-stub.test-support';
import { HttpError, api, setSessionLostHandler } from './http';

const { calls, answers } = stubFetch();
const expired = () =>
  json(403, { statusCode: 403, name: 'ForbiddenException', message: 'Forbidden', data: { message: 'Forbidden' } });

describe('http client', () => {
  it('sends the XSRF token on mutating calls and the page path on every call', async () => {
    await api.post('/auth/login', { username: 'a', password: 'b' });
    await api.get('/auth/user');
    expect(calls[0]!.headers['X-XSRF-TOKEN']).toBe('tok-1');
    expect(calls[0]!.headers['X-Page-Path']).toBe(window.location.pathname);
    expect(calls[1]!.headers['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('starts a new W3C trace on every call', async () => {
    await api.get('/auth/user');
    await api.get('/auth/user');
    const [a, b] = calls.map((c) => c.headers.traceparent);
    expect(a).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(b).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(a!.slice(3, 35)).not.toBe(b!.slice(3, 35));
  });

  it('shows the server message of a failure', async () => {
    answers.push(() =>
      json(400, {
        statusCode: 400,
        name: 'BadRequestException',
        message: 'x',
        data: { message: 'Business not found', fields: { a: 'b' } },
      }),
    );
    const err = await api.get('/business/1').catch((e: unknown) => e as HttpError);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ message: 'Business not found', status: 400, fields: { a: 'b' } });
  });

  it('refreshes once for concurrent expired calls, then retries each', async () => {
    answers.push(
      expired,
      expired,
      () => json(200, { message: 'success' }),
      () => json(200, { n: 1 }),
      () => json(200, { n: 2 }),
    );
    const [a, b] = await Promise.all([api.get<{ n: number }>('/a'), api.get<{ n: number }>('/b')]);
    expect(calls.filter((c) => c.url.endsWith('/auth/refresh-token'))).toHaveLength(1);
    expect([a.n, b.n].sort()).toEqual([1, 2]);
  });

  it('goes to /login when the refresh fails', async () => {
    const lost = vi.fn();
    setSessionLostHandler(lost);
    localStorage.setItem('userName', 'a@example.com');
    answers.push(expired, expired);
    await expect(api.get('/a')).rejects.toBeInstanceOf(HttpError);
    expect(lost).toHaveBeenCalledOnce();
    expect(localStorage.getItem('userName')).toBeNull();
  });

  it("takes index.html's early session check for the first GET /auth/user only", async () => {
    window.sessionCheck = Promise.resolve(json(200, { data: { early: true } }));
    expect(await api.get('/auth/user')).toEqual({ data: { early: true } });
    expect(calls).toHaveLength(0);
    await api.get('/auth/user');
    expect(calls).toHaveLength(1);
  });

  it("takes index.html's early GET of a journey page's answers once, for that path only", async () => {
    window.earlyGets = Promise.resolve({ '/business/application/a1': Promise.resolve(json(200, { early: true })) });
    expect(await api.get('/owner/application/a1')).not.toEqual({ early: true });
    expect(calls).toHaveLength(1);
    expect(await api.get('/business/application/a1')).toEqual({ early: true });
    expect(calls).toHaveLength(1);
    await api.get('/business/application/a1');
    expect(calls).toHaveLength(2);
    window.earlyGets = undefined;
  });

  it('skips the refresh when the api saw no refresh cookie either, and goes to /login', async () => {
    const lost = vi.fn();
    setSessionLostHandler(lost);
    answers.push(() =>
      json(403, {
        statusCode: 403,
        name: 'ForbiddenException',
        message: 'Forbidden resource',
        data: { message: 'Forbidden resource', code: 'NO_SESSION' },
      }),
    );
    await expect(api.get('/auth/user')).rejects.toBeInstanceOf(HttpError);
    expect(calls).toHaveLength(1);
    expect(lost).toHaveBeenCalledOnce();
  });

  it('does not refresh for a 403 that is not an expired session', async () => {
    answers.push(() =>
      json(403, {
        statusCode: 403,
        name: 'ForbiddenException',
        message: 'Invalid or missing XSRF token',
        data: { message: 'Invalid or missing XSRF token' },
      }),
    );
    await expect(api.post('/x')).rejects.toMatchObject({ message: 'Invalid or missing XSRF token' });
    expect(calls).toHaveLength(1);
  });

  describe('reads through a busy moment', () => {
    beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout'] }));
    afterEach(() => vi.useRealTimers());
    const busy = () => json(503, { statusCode: 503, message: 'Service Unavailable' });

    it('retries a read answered busy or not at all, and returns the answer that came', async () => {
      answers.push(
        busy,
        () => Promise.reject(new TypeError('Failed to fetch')),
        () => json(200, { n: 1 }),
      );
      const read = api.get<{ n: number }>('/signing/a1');
      await vi.runAllTimersAsync();
      expect(await read).toEqual({ n: 1 });
      expect(calls.map((c) => c.url)).toEqual(Array(3).fill('/api/signing/a1'));
    });

    it('says so once the retries are spent', async () => {
      answers.push(busy, busy, busy, busy);
      const read = api.get('/signing/a1').catch((e: unknown) => e as HttpError);
      await vi.runAllTimersAsync();
      expect(await read).toMatchObject({ status: 503 });
      expect(calls).toHaveLength(4);
    });

    it('never retries a refusal, nor a write sent without a key', async () => {
      answers.push(() => json(404, { statusCode: 404, message: 'Not Found' }), busy);
      await expect(api.get('/business/1')).rejects.toMatchObject({ status: 404 });
      await expect(api.post('/x')).rejects.toMatchObject({ status: 503 });
      expect(calls).toHaveLength(2);
    });
  });
});
