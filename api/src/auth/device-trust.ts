import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { isSecure } from '../session/cookies';
import { SETTINGS, type ApiSettings } from '../config/settings.module';

export const DEVICE_COOKIE = 'portal_device';
const DEVICE_DAYS = 180;
const ID = /^[A-Za-z0-9_-]{22}$/;

/** What the browser's device cookie says: its id, and whether a past sign-in on it vouches for an account. */
export type Device = { id: string | undefined; trustedFor: (account: string) => boolean };

/**
 * The browser's own id (NIST SP 800-63B §5.2.2: a throttle the owner's known device passes). Any sign-in
 * or reset request gives the browser a random id; a successful sign-in adds a MAC that binds the id to
 * that account. A stranger can mint ids, but never one vouched for somebody else's account, so the
 * account-wide limits they can fill up never apply to the owner's known browser.
 */
@Injectable()
export class DeviceTrust {
  /** The HMAC key, made once (createHmac with a Buffer key builds a KeyObject on every call). */
  private readonly key: KeyObject;

  constructor(@Inject(SETTINGS) private readonly settings: ApiSettings) {
    this.key = createSecretKey(Buffer.from(settings.SESSION_SECRET, 'base64'));
  }

  private mac(id: string, account: string): string {
    return createHmac('sha256', this.key).update(`device:${id}:${account.trim().toLowerCase()}`).digest('base64url');
  }

  read(req: Request): Device {
    const raw = String(req.cookies?.[DEVICE_COOKIE] ?? '');
    const [id = '', mac = ''] = raw.split('.');
    if (!ID.test(id)) return { id: undefined, trustedFor: () => false };
    return {
      id,
      trustedFor: (account) => {
        const want = Buffer.from(this.mac(id, account));
        const got = Buffer.from(mac);
        return got.length === want.length && timingSafeEqual(got, want);
      },
    };
  }

  /** The browser's id, given one when it has none (kept as it is otherwise, trust included). */
  ensure(req: Request, res: Response): string {
    const known = this.read(req).id;
    if (known) return known;
    const id = randomBytes(16).toString('base64url');
    this.set(res, id);
    return id;
  }

  /** After a successful sign-in: this browser is vouched for this account. */
  trust(req: Request, res: Response, account: string): void {
    const id = this.read(req).id ?? randomBytes(16).toString('base64url');
    this.set(res, `${id}.${this.mac(id, account)}`);
  }

  private set(res: Response, value: string) {
    res.cookie(DEVICE_COOKIE, value, {
      httpOnly: true,
      secure: isSecure(this.settings),
      sameSite: 'lax',
      path: '/api/auth',
      maxAge: DEVICE_DAYS * 24 * 3600 * 1000,
    });
  }
}
