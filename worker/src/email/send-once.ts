import type { Socket } from 'node:net';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import { withSmtpSpan } from '@portal/libs/dist/telemetry/client-span';
import { MailRejectedError } from '../errors';

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

/** How to reach the SMTP server: smtpTransportOptions (@portal/libs), or host and port alone (plaintext). */
export type SmtpOptions = SMTPConnection.Options & {
  host: string;
  port: number;
  auth?: { user: string; pass: string };
};

const settle =
  <T>(resolve: (v: T) => void, reject: (e: Error) => void) =>
  (err: Error | null | undefined, value?: T) =>
    err ? reject(err) : resolve(value as T);

/** The SMTP reply code of a failed send, when the server answered one. */
export const smtpReplyCode = (e: unknown): number | undefined => {
  const code = (e as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' ? code : undefined;
};

/**
 * Sends one message and tells a failure before the message went out (retry it) from one after its final
 * dot went out with no answer read back (the server has it or not, nobody can tell: RFC 1047). The
 * second is answered 'maybe-sent' and not sent again, since sending again is the duplicate the
 * applicant sees; a server that answered (a 4xx or 5xx to the message) did not take it, and that throws:
 * a 4xx (421, 450, 451, 454 throttling) or a lost connection as a plain error, which Temporal retries, and
 * a 5xx (554 an unverified sender, 535 a wrong login) as MailRejectedError, which no retry changes.
 * (The load run found an offer email sent twice after a connection reset following the final dot.)
 *
 * Over STARTTLS or implicit TLS the write that holds back the final byte must be the TLS socket's (the
 * plaintext side): nodemailer's SMTPConnection is used directly so that, once connected (and upgraded)
 * and logged in, the socket it writes the message to is the one watched.
 */
export function sendOnce(smtp: SmtpOptions, message: Mail.Options, options: SendOptions = {}): Promise<SendOutcome> {
  // A client span, so a trace shows the send: the server and a refusal's reply code, never the addresses
  // or the subject (personal data stays out of traces).
  return withSmtpSpan(smtp, () => send(smtp, message, options));
}

async function send(smtp: SmtpOptions, message: Mail.Options, options: SendOptions): Promise<SendOutcome> {
  let committed = false;
  const connection = new SMTPConnection({ ...TIMEOUTS, ...smtp });
  // A connection that breaks or is closed under a step ends it (nodemailer emits 'end' without an error when
  // the server closes before answering).
  const failed = new Promise<never>((_, reject) => {
    connection.once('error', reject);
    connection.once('end', () => reject(new Error('SMTP connection closed unexpectedly')));
  });
  failed.catch(() => undefined);
  const step = <T>(run: (done: (err: Error | null | undefined, value?: T) => void) => void) =>
    Promise.race([new Promise<T>((resolve, reject) => run(settle(resolve, reject))), failed]);
  try {
    await step<void>((done) => connection.connect((err) => done(err)));
    if (smtp.auth) await step<void>((done) => connection.login(smtp.auth!, (err) => done(err)));
    const compiled = new MailComposer(message).compile();
    // nodemailer's private socket: the upgraded TLS socket after STARTTLS, the plain one otherwise.
    watchFinalDot((connection as unknown as { _socket: Socket })._socket, options, () => (committed = true));
    await step<unknown>((done) =>
      connection.send(compiled.getEnvelope(), compiled.createReadStream(), (err, info) => done(err, info)),
    );
    connection.quit();
    return 'sent';
  } catch (e) {
    // A refusal is a whole 4xx or 5xx reply; a cut-off reply ('25') or garbage is no answer.
    const code = smtpReplyCode(e);
    const refused = code !== undefined && code >= 400 && code < 600;
    if (committed && !refused) return 'maybe-sent';
    if (code !== undefined && code >= 500 && code < 600)
      throw new MailRejectedError(`SMTP server refused: ${code}`, code);
    throw e;
  } finally {
    connection.close();
  }
}

/**
 * Holds back the last byte of the message's final dot until beforeCommit has settled: until that byte the
 * server discards the message if the connection breaks, so a record made there is true once it is read.
 */
function watchFinalDot(socket: Socket, options: SendOptions, commit: () => void) {
  let tail = '';
  let committed = false;
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
        commit();
        write(last, done);
      },
      (e: Error) => socket.destroy(e),
    );
    return true;
  }) as Socket['write'];
}
