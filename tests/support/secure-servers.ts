// What a real mail service and a secured Temporal ask of the portal, played on this
// machine. A private CA made at test time (openssl) signs the servers' certificate and a client certificate;
// an SMTP server (smtp-server, by nodemailer's authors) wants STARTTLS and a login and can answer a temporary
// refusal first, as SES throttles (454); a TLS front of the Temporal dev server (which has no TLS flags of its
// own) wants a client certificate signed by that CA, as an mTLS cluster does.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer, type TLSSocket } from 'node:tls';
import { SMTPServer, type SMTPServerAuthentication, type SMTPServerSession } from 'smtp-server';

export type Certificates = {
  dir: string;
  caFile: string;
  serverCertFile: string;
  serverKeyFile: string;
  clientCertFile: string;
  clientKeyFile: string;
  /** A client pair from another CA: what an mTLS server must refuse. */
  strangerCertFile: string;
  strangerKeyFile: string;
  remove(): void;
};

const openssl = (dir: string, ...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

/** A CA, a server certificate for localhost and 127.0.0.1, and client certificates (openssl, in a temp dir). */
export function makeCertificates(): Certificates {
  const dir = mkdtempSync(join(tmpdir(), 'portal-tls-'));
  const days = ['-days', '2'];
  const ca = (name: string) => {
    openssl(
      dir,
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.pem`,
      ...days,
      '-subj',
      `/CN=${name}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    );
  };
  const signed = (name: string, by: string, ext: string) => {
    openssl(
      dir,
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.csr`,
      '-subj',
      `/CN=${name}`,
    );
    writeFileSync(join(dir, `${name}.ext`), ext);
    openssl(
      dir,
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${by}.pem`,
      '-CAkey',
      `${by}.key`,
      '-CAcreateserial',
      '-out',
      `${name}.pem`,
      ...days,
      '-extfile',
      `${name}.ext`,
    );
  };
  ca('portal-test-ca');
  ca('stranger-ca');
  signed('server', 'portal-test-ca', 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  signed('portal-worker', 'portal-test-ca', 'extendedKeyUsage=clientAuth\n');
  signed('stranger', 'stranger-ca', 'extendedKeyUsage=clientAuth\n');
  const at = (f: string) => join(dir, f);
  return {
    dir,
    caFile: at('portal-test-ca.pem'),
    serverCertFile: at('server.pem'),
    serverKeyFile: at('server.key'),
    clientCertFile: at('portal-worker.pem'),
    clientKeyFile: at('portal-worker.key'),
    strangerCertFile: at('stranger.pem'),
    strangerKeyFile: at('stranger.key'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export type Received = { from: string; to: string[]; raw: string; secure: boolean; user: string | undefined };
export type Refusal = { at: 'MAIL' | 'DATA'; code: number; message: string };

/**
 * An SMTP server as hosted mail services are: STARTTLS before anything (no login, hence no mail, in the
 * clear), AUTH PLAIN or LOGIN required with the one account, and refusals queued with `refuseNext`.
 */
export async function startSecureSmtp(
  certs: Certificates,
  { implicit = false, account = { user: 'portal', pass: 'smtp-secret' } } = {},
) {
  const received: Received[] = [];
  let mailCommands = 0;
  const refusals: Refusal[] = [];
  const logins: { user: string; secure: boolean; ok: boolean }[] = [];
  const refusal = (at: Refusal['at']) => {
    const next = refusals[0]?.at === at ? refusals.shift() : undefined;
    if (!next) return null;
    return Object.assign(new Error(next.message), { responseCode: next.code });
  };
  const server = new SMTPServer({
    key: readFileSync(certs.serverKeyFile),
    cert: readFileSync(certs.serverCertFile),
    // implicit: TLS from the first byte (port 465); otherwise STARTTLS (587), before any login.
    secure: implicit,
    hideSTARTTLS: false,
    allowInsecureAuth: false,
    authOptional: false,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    disabledCommands: [],
    onAuth(auth: SMTPServerAuthentication, session: SMTPServerSession, done) {
      const ok = auth.username === account.user && auth.password === account.pass;
      logins.push({ user: auth.username ?? '', secure: session.secure, ok });
      if (!ok) return done(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
      done(null, { user: auth.username });
    },
    onMailFrom(_address, _session, done) {
      mailCommands++;
      done(refusal('MAIL'));
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const refused = refusal('DATA');
        if (refused) return done(refused);
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          secure: session.secure,
          user: session.user as string | undefined,
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    account,
    received,
    logins,
    /** The next MAIL or DATA gets this answer instead (SES: 454 Throttling, 554 Message rejected). */
    refuseNext: (r: Refusal) => refusals.push(r),
    pendingRefusals: () => refusals.length,
    /** MAIL commands received: one per try of a message. */
    mailCommands: () => mailCommands,
    to: (address: string) => received.filter((m) => m.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * TLS in front of a plaintext gRPC server (the Temporal dev server), as an mTLS Temporal cluster is: the
 * certificate of `certs`, HTTP/2 by ALPN, and a client certificate signed by the CA required. Every
 * handshake is recorded with the client certificate's name (or why it was refused).
 */
/** The portal's mail settings for a STARTTLS server of startSecureSmtp's, with its login and the tests' CA. */
export const secureSmtpEnv = (
  smtp: { port: number; account: { user: string; pass: string } },
  certs: Certificates,
): Record<string, string> => ({
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(smtp.port),
  SMTP_TLS: 'starttls',
  SMTP_USER: smtp.account.user,
  SMTP_PASSWORD: smtp.account.pass,
  SMTP_CA_FILE: certs.caFile,
  MAIL_FROM: 'Fundwise <no-reply@fundwise.example>',
});

export async function startMtlsFront(certs: Certificates, backend: string) {
  const [backendHost, backendPort] = backend.split(':') as [string, string];
  const handshakes: { client: string | undefined; authorized: boolean }[] = [];
  const refused: string[] = [];
  const sockets = new Set<Socket>();
  const server = createTlsServer(
    {
      key: readFileSync(certs.serverKeyFile),
      cert: readFileSync(certs.serverCertFile),
      ca: readFileSync(certs.caFile),
      requestCert: true,
      rejectUnauthorized: true,
      ALPNProtocols: ['h2'],
    },
    (socket: TLSSocket) => {
      const cn = socket.getPeerCertificate()?.subject?.CN;
      handshakes.push({ client: Array.isArray(cn) ? cn[0] : cn, authorized: socket.authorized });
      const upstream = connect(Number(backendPort), backendHost);
      sockets.add(socket).add(upstream);
      socket.pipe(upstream).pipe(socket);
      const end = () => {
        socket.destroy();
        upstream.destroy();
      };
      socket.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    },
  );
  server.on('tlsClientError', (e) => refused.push(e.message));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    address: `127.0.0.1:${port}`,
    handshakes,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
