import { connect, type Socket } from 'node:net';
import { createTransport } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';

export type SendOutcome = 'sent' | 'maybe-sent';

export type SendOptions = {
  /**
   * Runs when the whole message is with the server except the last byte of its final dot, which goes
   * out once this has settled: until that byte the server discards the message if the connection
   * breaks, so a record made here ('the message is going out now') is true by the time anyone can read
   * it, whatever happens to this process next. If it fails, the byte never goes and the send throws.
   */
  beforeCommit?: () => Promise<unknown>;
};

/** Timeouts well inside an activity's 60 s: an attempt ends (and judges its outcome) before Temporal retries it. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

const toBuffer = (chunk: unknown, encoding: unknown) =>
  Buffer.isBuffer(chunk)
    ? chunk
    : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');

/**
 * Sends one message and tells a failure before the message went out (retry it) from one after its final
 * dot went out with no answer read back (the server has it or not, nobody can tell: RFC 1047). The
 * second is answered 'maybe-sent' and not sent again, since sending again is the duplicate the
 * applicant sees; a server that answered (a 4xx or 5xx to the message) did not take it, and that throws.
 * (The load run found an offer email sent twice after a connection reset following the final dot.)
 */
export async function sendOnce(
  smtp: { host: string; port: number },
  message: Mail.Options,
  options: SendOptions = {},
): Promise<SendOutcome> {
  let committed = false;
  const transport = createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: false,
    ...TIMEOUTS,
    getSocket: (_options: unknown, callback: (err: Error | null, socketOptions: unknown) => void) => {
      const socket: Socket = connect(smtp.port, smtp.host);
      let tail = '';
      const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
      socket.write = ((chunk: unknown, ...rest: unknown[]) => {
        if (committed) return write(chunk, ...rest);
        const bytes = toBuffer(chunk, rest[0]);
        tail = (tail + bytes.toString('latin1')).slice(-5);
        if (!tail.endsWith('\r\n.\r\n')) return write(chunk, ...rest);
        const done = rest.find((r) => typeof r === 'function') as ((e?: Error) => void) | undefined;
        const last = bytes.subarray(bytes.length - 1);
        if (bytes.length > 1) write(bytes.subarray(0, bytes.length - 1));
        void (options.beforeCommit?.() ?? Promise.resolve()).then(
          () => {
            committed = true;
            write(last, done);
          },
          (e: Error) => socket.destroy(e),
        );
        return true;
      }) as Socket['write'];
      socket.once('connect', () => callback(null, { connection: socket }));
      socket.once('error', (e) => callback(e, undefined));
    },
  });
  try {
    await transport.sendMail(message);
    return 'sent';
  } catch (e) {
    // A refusal is a whole 4xx or 5xx reply; a cut-off reply ('25') or garbage is no answer.
    const code = (e as { responseCode?: unknown }).responseCode;
    const refused = typeof code === 'number' && code >= 400 && code < 600;
    if (committed && !refused) return 'maybe-sent';
    throw e;
  } finally {
    transport.close();
  }
}
