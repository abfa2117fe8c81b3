import { ApiClient, signUpAndConfirm } from '../../../tests/support/api-client';
import { sliceHooks } from '../../../tests/support/slice-hooks';

/**
 * The set-up every auth spec file shares: its own api slice and database, started before its tests and closed
 * after them, and fresh browsers from fresh addresses (so per-IP limits only bite where a test means them to).
 */
export function authSlice() {
  const hooks = sliceHooks();
  let ipCounter = 0;
  const room = {
    get slice() {
      return hooks.slice;
    },
    get db() {
      return hooks.db;
    },
    /** A fresh browser from a fresh address. */
    browser: () => new ApiClient(room.slice.baseUrl, `10.1.0.${++ipCounter}`),
    /** An applicant signed up and confirmed, from a fresh address. */
    signedUp: (tag: string) =>
      signUpAndConfirm(room.slice.baseUrl, room.slice.maildevUrl, tag, `10.1.1.${++ipCounter}`),
  };
  return room;
}
