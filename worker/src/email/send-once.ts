import { connect, type Socket } from 'node:net';
import { createTransport } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';

export type SendOutcome = 'sent' | 'maybe-sent';

/**
 * Sends one message and tells a failure before the message went out (retry it) from one after its final
 * dot went out with no answer read back (the server has it or not, nobody can tell: RFC 1047). The
 * second is answered 'maybe-sent' and not sent again, since sending again is the duplicate the
 * applicant sees; a server that answered (a 4xx or 5xx to the message) did not take it, and that throws.
 * (The load run found an offer email sent twice after a connection reset following the final dot.)
 */
export async function sendOnce(smtp: { host: string; port: number }, message: Mail.Options): Promise<SendOutcome> {
  let dataEnded = false;
  const transport = createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: false,
    getSocket: (_options: unknown, callback: (err: Error | null, socketOptions: unknown) => void) => {
      const socket: Socket = connect(smtp.port, smtp.host);
      let tail = '';
      const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
      socket.write = ((chunk: unknown, ...rest: unknown[]) => {
        if (!dataEnded) {
          const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('latin1') : '';
          tail = (tail + text).slice(-5);
          if (tail.endsWith('\r\n.\r\n')) dataEnded = true;
        }
        return write(chunk, ...rest);
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
    if (dataEnded && !refused) return 'maybe-sent';
    throw e;
  } finally {
    transport.close();
  }
}
