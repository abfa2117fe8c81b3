import { Algorithm, hash, verify } from '@node-rs/argon2';
import { TooManyRequestsError } from '../common/rate-limit';

/**
 * Argon2id runs off the api's thread already (@node-rs/argon2 hashes in libuv's thread pool), but that pool
 * has four threads for the whole process, shared with every file read and write, DNS lookup and zlib
 * stream, and the machine two cores: 1,473 wrong passwords for made-up emails in 30 s, from many addresses,
 * queued ahead of everyone's (another applicant's sign-in went from 22 to 849 ms, their upload, whose
 * spool writes wait for the same pool, from 60 to 1,172 ms). So each password check (a sign-in with its
 * throttle's reads and its hash, or the hash of a sign-up or a reset) takes one of `concurrent` turns of
 * this process, and few wait:
 * - a browser that proved itself on the account before (its device cookie, device-trust.ts) or by the
 *   emailed code of a reset has a lane of its own, `concurrent` turns and `waiting` places that strangers
 *   cannot take (a stolen cookie guesses no more: the login throttle counts its tries on their own);
 * - everyone else (an unknown browser, a sign-up) takes the anonymous lane's turns, at most `perAddress`
 *   from one address and `waiting` waiting in all; past either the check is not made and the request
 *   answers 429 with Retry-After at once, before any database read or hash (a flood gets refusals, not a
 *   queue everyone else stands behind), and whatever the account, so it tells nothing of whether it exists.
 * Unknown emails are still checked against a hash of the same cost (account.service.ts, DUMMY_HASH).
 * A turn takes tens of milliseconds (the hash about 10 of CPU): 12 waiting wait well under a second.
 */
export const PASSWORD_TURNS = { concurrent: 2, waiting: 12, perAddress: 2, retryAfterSeconds: 2 };

/** Who checks a password: the client's address, and whether it proved itself on the account before. */
export type Hasher = { address: string; known: boolean };

type Lane = { running: number; waiting: (() => void)[] };
const lanes = { known: { running: 0, waiting: [] } as Lane, anonymous: { running: 0, waiting: [] } as Lane };
/** Each address's checks running or waiting in the anonymous lane. */
const byAddress = new Map<string, number>();

function count(address: string, by: number) {
  const left = (byAddress.get(address) ?? 0) + by;
  if (left > 0) byAddress.set(address, left);
  else byAddress.delete(address);
}

const busy = () => new TooManyRequestsError(PASSWORD_TURNS.retryAfterSeconds, undefined, 'password:busy');

/** Runs `work` (one password check) in `who`'s turn; TooManyRequestsError (429) when its lane has no place. */
export async function inPasswordTurn<T>(who: Hasher, work: () => Promise<T>): Promise<T> {
  const lane = who.known ? lanes.known : lanes.anonymous;
  const mine = byAddress.get(who.address) ?? 0;
  if (lane.waiting.length >= PASSWORD_TURNS.waiting || (!who.known && mine >= PASSWORD_TURNS.perAddress)) throw busy();
  if (!who.known) count(who.address, 1);
  try {
    if (lane.running < PASSWORD_TURNS.concurrent && !lane.waiting.length) lane.running++;
    // The turn is counted as it is handed over, before anyone else can see it free.
    else await new Promise<void>((go) => lane.waiting.push(go));
    try {
      return await work();
    } finally {
      const next = lane.waiting.shift();
      if (next) next();
      else lane.running--;
    }
  } finally {
    if (!who.known) count(who.address, -1);
  }
}

/** The stored form of a new password (Argon2id at the library's default cost, as every stored one), in a turn. */
export const hashPassword = (password: string, who: Hasher) =>
  inPasswordTurn(who, () => hash(password, { algorithm: Algorithm.Argon2id }));

/** Whether `password` is the one `stored` was made of, in a turn. */
export const verifyPassword = (stored: string, password: string, who: Hasher) =>
  inPasswordTurn(who, () => verify(stored, password));
