import type { StreamedPut } from './streamed-put';
import type { Decide, Destination } from './types';

/**
 * Asks `decide` for the file's destination from the fields that came before it (a copy: what busboy reads
 * later is not decide's). Its refusal or error goes to `refused` as decide's own (a 404, the database busy:
 * never the body's fault); its put, if the file streams, is armed with the bytes `received` so far.
 */
export function askDestination(
  decide: Decide,
  fields: Record<string, string>,
  streamed: StreamedPut | undefined,
  received: () => number,
  refused: (e: unknown) => void,
): Promise<Destination> {
  const decided = decide({ ...fields });
  void decided.catch(refused);
  void decided.then(
    (destination) => streamed?.arm(destination.put, received()),
    () => undefined,
  );
  return decided;
}
