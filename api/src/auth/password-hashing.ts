import { Algorithm, hash, verify } from '@node-rs/argon2';
import { TooManyRequestsError } from '../common/rate-limit';

/**
 * Argon2id runs off the api's thread already (@node-rs/argon2 hashes in libuv's thread pool), but that pool
 * has four threads for the whole process, shared with every file read and write, DNS lookup and zlib
 * stream, and the machine two cores: 1,473 wrong passwords for made-up emails in 30 s, from many addresses,
 * queued ahead of everyone's (another applicant's sign-in went from 22 to 849 ms, their upload, whose
 * spool writes wait for the same pool, from 60 to 1,172 ms). So this process hashes at most `concurrent`
 * passwords at once (two of the pool's four threads, about one core, stay free), and few wait:
 * - a browser that proved itself on the account before (its device cookie, device-trust.ts) or by the
 *   emailed code of a reset waits in a lane of its own, served first: strangers cannot fill it;
 * - everyone else (an unknown browser, a sign-up) waits in the anonymous lane, at most `perAddress` from one
 *   address and `waiting` in all; past either the check is not made and the request answers 429 with
 *   Retry-After at once (a flood gets refusals, not a queue everyone else stands behind), before any hash
 *   and whatever the account, so the answer tells nothing of whether the account exists.
 * A waiting check costs a few milliseconds of hashing per place ahead of it: 16 wait under half a second.
 */
export const PASSWORD_HASHING = { concurrent: 2, waiting: 16, perAddress: 2, retryAfterSeconds: 2 };

/** Who asks for a hash: the client's address, and whether it proved itself on the account before. */
export type Hasher = { address: string; known: boolean };

type Waiting = { who: Hasher; go: () => void };
let running = 0;
const known: Waiting[] = [];
const anonymous: Waiting[] = [];
/** Each address's checks running or waiting in the anonymous lane. */
const byAddress = new Map<string, number>();

function next() {
  while (running < PASSWORD_HASHING.concurrent) {
    const turn = known.shift() ?? anonymous.shift();
    if (!turn) return;
    running++;
    turn.go();
  }
}

function count(address: string, by: number) {
  const left = (byAddress.get(address) ?? 0) + by;
  if (left > 0) byAddress.set(address, left);
  else byAddress.delete(address);
}

/** Runs `work` (one hash) in `who`'s turn; TooManyRequestsError (429) when its lane has no place. */
export async function inHashTurn<T>(who: Hasher, work: () => Promise<T>): Promise<T> {
  if (!who.known) {
    if (
      (byAddress.get(who.address) ?? 0) >= PASSWORD_HASHING.perAddress ||
      anonymous.length >= PASSWORD_HASHING.waiting
    )
      throw new TooManyRequestsError(PASSWORD_HASHING.retryAfterSeconds, undefined, 'password:busy');
    count(who.address, 1);
  }
  try {
    if (running < PASSWORD_HASHING.concurrent && !known.length && !anonymous.length) running++;
    else if (who.known && known.length >= PASSWORD_HASHING.waiting)
      throw new TooManyRequestsError(PASSWORD_HASHING.retryAfterSeconds, undefined, 'password:busy');
    else await new Promise<void>((go) => (who.known ? known : anonymous).push({ who, go }));
    try {
      return await work();
    } finally {
      running--;
      next();
    }
  } finally {
    if (!who.known) count(who.address, -1);
  }
}

/** The stored form of a new password (Argon2id, the library's default cost: every hash costs the same). */
export const hashPassword = (password: string, who: Hasher) =>
  inHashTurn(who, () => hash(password, { algorithm: Algorithm.Argon2id }));

/** Whether `password` is the one `stored` was made of. */
export const verifyPassword = (stored: string, password: string, who: Hasher) =>
  inHashTurn(who, () => verify(stored, password));
