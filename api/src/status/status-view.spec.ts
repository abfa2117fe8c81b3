import { describe, expect, it } from 'vitest';
import type { ProgressAnswer } from '@portal/workflows';
import { liveStatus, savedStatus } from './progress-view';
import { renderStatusEmail } from './status-email';
import {
  signLinkKey,
  signSignLink,
  signStatusLink,
  statusLinkKey,
  verifySignLink,
  verifyStatusLink,
} from './status-link';

const ops = (over: Partial<ProgressAnswer['operations']> = {}) => ({
  status: 'InProgress' as const,
  turn: 'applicant' as const,
  pending: [],
  stalledSince: '2026-11-20T10:00:00.000Z',
  remindersSent: 0,
  runs: 0,
  ...over,
});
const at = { pageName: 'DOCUMENTS' as const, pageStep: 1, path: '/bank-statements' };

describe('the applicant’s status from getProgress', () => {
  it('names the CRM’s turn as the funding team updating its records, never the operator’s code', () => {
    const s = liveStatus({
      position: at,
      sfLeadId: '00Qxx',
      pendingDocuments: 2,
      operations: ops({ status: 'WaitingOnCrm', turn: 'crm', lastError: { code: 'CRM_REJECTED', at: 'x' } }),
    });
    expect(s.waiting).toEqual([
      { on: 'funding-team', work: 'records', since: '2026-11-20T10:00:00.000Z' },
      { on: 'funding-team', work: 'documents', since: '2026-11-20T10:00:00.000Z' },
    ]);
    expect(JSON.stringify(s)).not.toMatch(/CRM_REJECTED|00Qxx/);
  });

  it('shows the signatures by their place in the order, without the signers’ addresses', () => {
    const s = liveStatus({
      position: { pageName: 'SIGNATURE', pageStep: 1, path: '/signature' },
      signing: {
        attempt: 1,
        signed: false,
        request: {
          id: 'r1',
          status: 'sent',
          signers: [
            { email: 'two@example.com', order: 2, decision: null, embedUrl: null },
            { email: 'one@example.com', order: 1, decision: 'signed', embedUrl: null },
          ],
        },
      },
      operations: ops({ status: 'WaitingOnSignature', turn: 'signer' }),
    });
    expect(s.signatures).toEqual([
      { order: 1, signed: true },
      { order: 2, signed: false },
    ]);
    expect(s.waiting[0]!.on).toBe('signature');
    expect(s.signingOpen).toBe(true);
    expect(JSON.stringify(s)).not.toContain('@example.com');
    expect(JSON.stringify(s)).not.toContain('embed');
  });

  it('a declined or signed request, or one of an application that has ended, is no longer open to sign', () => {
    const signing = (status: string, signed: boolean) => ({
      attempt: 1,
      signed,
      request: { id: 'r1', status, signers: [{ email: 'a@x.com', order: 1, decision: null, embedUrl: null }] },
    });
    const pos = { pageName: 'SIGNATURE' as const, pageStep: 1, path: '/signature' };
    const view = (s: ReturnType<typeof signing>, operations = ops({ status: 'WaitingOnSignature', turn: 'signer' })) =>
      liveStatus({ position: pos, signing: s, operations });
    expect(view(signing('declined', false)).signingOpen).toBeUndefined();
    expect(view(signing('signed', true)).signingOpen).toBeUndefined();
    expect(view(signing('viewed', false)).signingOpen).toBe(true);
    // Withdrawn (or abandoned) while a request was out: the run has ended, nothing is open to sign.
    for (const status of ['Withdrawn', 'Abandoned'] as const)
      expect(view(signing('viewed', false), ops({ status, turn: 'nobody' })).signingOpen).toBeUndefined();
  });
});

describe('the applicant’s status once the application has ended, or from MongoDB alone', () => {
  it('after submission: the funding team reviews, and the rep is named', () => {
    const s = liveStatus({
      position: { pageName: 'DOCUMENTS', pageStep: 3, path: '/offers' },
      rep: { repName: 'Dana Rep', schedulingLink: 'https://cal.example/dana' },
      operations: ops({ status: 'Submitted', turn: 'nobody' }),
    });
    expect(s).toMatchObject({
      ended: 'submitted',
      rep: { name: 'Dana Rep', schedulingLink: 'https://cal.example/dana' },
    });
    expect(s.waiting).toEqual([{ on: 'funding-team', work: 'review', since: '2026-11-20T10:00:00.000Z' }]);
    expect(liveStatus({ position: at, operations: ops({ status: 'Abandoned', turn: 'nobody' }) })).toMatchObject({
      ended: 'closed',
      waiting: [{ on: 'nobody' }],
    });
  });

  it('from MongoDB alone: the saved stage, submitted or not', () => {
    expect(savedStatus(at, 'Submitted')).toMatchObject({ source: 'saved', ended: 'submitted' });
    expect(savedStatus(at, 'Created').waiting).toEqual([{ on: 'applicant' }]);
  });
});

describe('the co-owner’s signed link', () => {
  const key = statusLinkKey(Buffer.alloc(32, 7));
  const app = '65a0c0ffee0123456789abcd';
  it('verifies its own, and refuses a tampered, expired or foreign one', () => {
    const token = signStatusLink(key, { applicationId: app, signRequestId: 'r1', expiresAt: 2_000 });
    expect(verifyStatusLink(key, token, 1_000)).toEqual({ applicationId: app, signRequestId: 'r1', expiresAt: 2_000 });
    expect(verifyStatusLink(key, token, 2_000)).toBeUndefined();
    expect(verifyStatusLink(statusLinkKey(Buffer.alloc(32, 8)), token, 1_000)).toBeUndefined();
    const [, sig] = token.split('.');
    const other = Buffer.from(JSON.stringify(['65a0c0ffee0123456789abce', 'r1', 2_000])).toString('base64url');
    expect(verifyStatusLink(key, `${other}.${sig}`, 1_000)).toBeUndefined();
    for (const junk of [undefined, '', 'a.b.c', '.', 'x'.repeat(500)])
      expect(verifyStatusLink(key, junk)).toBeUndefined();
  });
});

describe('the co-owner’s signing link', () => {
  const secret = Buffer.alloc(32, 7);
  const key = signLinkKey(secret);
  const app = '65a0c0ffee0123456789abcd';
  const claims = { applicationId: app, signRequestId: 'r1', order: 2, expiresAt: 2_000 };

  it('verifies its own until it expires', () => {
    const token = signSignLink(key, claims);
    expect(verifySignLink(key, token, 1_000)).toEqual(claims);
    expect(verifySignLink(key, token, 2_000)).toBeUndefined();
    expect(verifySignLink(key, token, 5_000)).toBeUndefined();
  });

  it('is single-purpose: a status link is no signing link, and a signing link no status link', () => {
    const statusToken = signStatusLink(statusLinkKey(secret), {
      applicationId: app,
      signRequestId: 'r1',
      expiresAt: 2_000,
    });
    expect(verifySignLink(key, statusToken, 1_000)).toBeUndefined();
    // Even signed with the signing key, a status-shaped payload is refused (and the reverse).
    expect(
      verifySignLink(key, signStatusLink(key, { applicationId: app, signRequestId: 'r1', expiresAt: 2_000 }), 1_000),
    ).toBeUndefined();
    expect(verifyStatusLink(statusLinkKey(secret), signSignLink(key, claims), 1_000)).toBeUndefined();
    expect(verifyStatusLink(key, signSignLink(key, claims), 1_000)).toBeUndefined();
  });

  it('refuses another application, another signer or another key under the same signature', () => {
    const token = signSignLink(key, claims);
    const [, sig] = token.split('.');
    const swap = (c: unknown[]) => `${Buffer.from(JSON.stringify(c)).toString('base64url')}.${sig}`;
    expect(verifySignLink(key, swap(['sign', '65a0c0ffee0123456789abce', 'r1', 2, 2_000]), 1_000)).toBeUndefined();
    expect(verifySignLink(key, swap(['sign', app, 'r1', 1, 2_000]), 1_000)).toBeUndefined();
    expect(verifySignLink(key, swap(['sign', app, 'r2', 2, 2_000]), 1_000)).toBeUndefined();
    expect(verifySignLink(signLinkKey(Buffer.alloc(32, 8)), token, 1_000)).toBeUndefined();
    // The first signer (the applicant, who signs in the portal) never gets a link of this kind.
    expect(verifySignLink(key, signSignLink(key, { ...claims, order: 1 }), 1_000)).toBeUndefined();
    for (const junk of [undefined, '', 'a.b.c', '.', 'x'.repeat(500), 42])
      expect(verifySignLink(key, junk)).toBeUndefined();
  });
});

describe('the co-owner’s email', () => {
  it('exists in English and Canadian French, with the link', () => {
    const en = renderStatusEmail({
      applicantFirstName: 'Ada',
      businessName: 'Acme',
      statusUrl: 'https://x/status/shared/t',
      signUrl: 'https://x/co-owner/sign/s?lng=en',
    });
    expect(en.subject).toBe("Your signature is needed on Acme's funding application");
    expect(en.text).toContain('Ada named you as an owner');
    expect(en.html).toContain('href="https://x/status/shared/t"');
    // The way to sign is in this email: no separate invitation is promised.
    expect(en.text).toContain('Review and sign the application: https://x/co-owner/sign/s?lng=en');
    expect(en.html).toContain('href="https://x/co-owner/sign/s?lng=en"');
    expect(en.text).not.toMatch(/separate email/);
    const fr = renderStatusEmail({
      applicantFirstName: 'Ada',
      businessName: 'Acme',
      statusUrl: 'u',
      signUrl: 'https://x/co-owner/sign/s?lng=fr-CA',
      language: 'fr-CA',
    });
    expect(fr.subject).toBe('Votre signature est attendue pour la demande de financement de l’entreprise Acme');
    expect(fr.html).toContain('lang="fr-CA"');
    expect(fr.text).toContain('Examiner et signer la demande\u00a0: https://x/co-owner/sign/s?lng=fr-CA');
    expect(fr.text).not.toMatch(/courriel distinct/);
  });

  it('leaves out names that carry a link or a phone number, and escapes HTML', () => {
    const e = renderStatusEmail({
      applicantFirstName: 'Call +1-555-0100 now',
      businessName: '<b>Acme</b> see evil.example',
      statusUrl: 'https://x/s',
      signUrl: 'https://x/t',
    });
    expect(e.text).toContain('A co-owner named you as an owner on the funding application for your business.');
    expect(e.html).not.toContain('evil.example');
    expect(e.html).not.toContain('555');
  });

  it('ends the sentence once after a business name with its own period, in every language', () => {
    for (const language of ['en', 'fr-CA', 'es-US']) {
      const e = renderStatusEmail({
        applicantFirstName: 'Ada',
        businessName: 'Maple Leaf Inc.',
        statusUrl: 'https://x/s',
        signUrl: 'https://x/t',
        language,
      });
      expect(e.text, language).toContain('Maple Leaf Inc. ');
      expect(e.text, language).not.toContain('Inc..');
      expect(e.html, language).not.toContain('Inc..');
    }
    const plain = renderStatusEmail({ applicantFirstName: 'Ada', businessName: 'Acme', statusUrl: 'u', signUrl: 't' });
    expect(plain.text).toContain('the funding application for Acme. Your signature is needed');
  });
});

describe('the co-owner’s email in US Spanish', () => {
  it('exists in US Spanish, every word and its links', () => {
    const es = renderStatusEmail({
      applicantFirstName: 'Ana',
      businessName: 'Taquería López LLC',
      statusUrl: 'https://x/status/shared/t?lng=es-US',
      signUrl: 'https://x/co-owner/sign/s?lng=es-US',
      language: 'es-US',
    });
    expect(es.subject).toBe('Se necesita su firma en la solicitud de financiamiento de Taquería López LLC');
    expect(es.text.split('\n')).toEqual([
      'Hola:',
      '',
      'Ana lo nombró como propietario en la solicitud de financiamiento de Taquería López LLC. Se necesita su firma: firme la solicitud desde este correo electrónico, en cualquier dispositivo, sin crear una cuenta.',
      '',
      'Revisar y firmar la solicitud: https://x/co-owner/sign/s?lng=es-US',
      '',
      'Ver el estado de la solicitud: https://x/status/shared/t?lng=es-US',
      '',
      'Estos enlaces son solo para usted y vencen en 30 días. Si no conoce esta empresa, puede ignorar este correo electrónico.',
      '',
      'Fundwise',
    ]);
    expect(es.html).toContain('lang="es-US"');
    expect(es.html).toContain('href="https://x/co-owner/sign/s?lng=es-US"');
    const unnamed = renderStatusEmail({
      applicantFirstName: 'https://evil.example',
      businessName: 'call 555-0100',
      statusUrl: 'u',
      signUrl: 't',
      language: 'es-US',
    });
    expect(unnamed.subject).toBe('Se necesita su firma en una solicitud de financiamiento');
    expect(unnamed.text).toContain(
      'Un copropietario lo nombró como propietario en la solicitud de financiamiento de su empresa.',
    );
  });
});
