import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/translation';
import { JOURNEY_CODES } from '@portal/libs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import type { HttpError } from '../../lib/http';
import { clearSigning, markSecondSigner, storedSignatureId } from '../../lib/storage';
import { useApplication } from '../../lib/session';
import { signedEvent } from '../../lib/journey/journey-answers';
import { useJourney, useJourneySelector } from '../../lib/journey/use-journey';
import { signingQueryOptions, useBuildSigning, type Signing } from './signature-api';

export const NO_SIGNERS = JOURNEY_CODES.NO_SIGNERS;
const ENDED = ['declined', 'cancelled', 'expired'];

const inFrame = () => window.self !== window.top;

type View =
  | { kind: 'preparing' }
  | { kind: 'ready'; link: string; signers: number }
  | { kind: 'checking' }
  | { kind: 'signed' }
  | { kind: 'ended'; status: string }
  | { kind: 'warning'; message: string }
  | { kind: 'error'; message: string };

/**
 * '/signature': the page builds (or continues) the signing request and
 * sends the browser to the signer's link; coming back with isFinished, it waits until the server (which
 * hears Box's webhook, or polls Box) says the request is signed. The redirect alone proves nothing.
 */
export function SignaturePage() {
  const { t } = useTranslation();
  const app = useApplication();
  const journey = useJourney();
  const [view, setView] = useState<View>({ kind: 'preparing' });
  const started = useRef(false);
  const params = new URLSearchParams(window.location.search);
  const finished = params.get('isFinished') === 'true';
  const toSecond =
    params.get('redirectToSecondSigner') === 'true' || params.get('redirectToSecondSignature') === 'true';
  const declined = params.get('declined') === 'true';
  // The journey is already past the signature (the browser's Back from /bank-statements to the address
  // Box sent the applicant back to): say it is signed and wait, rather than move on again by itself.
  const pastSignature = useJourneySelector((s) => s.context.position.pageName === 'DOCUMENTS', false);

  const queryClient = useQueryClient();
  const { mutateAsync: build } = useBuildSigning(app._id);

  /**
   * Signed: the journey moves on (inside a frame, the parent window is told where). The status read's
   * answer says where the workflow has already moved it: the journey lands there, with no move of its own.
   */
  function done(answer?: Signing) {
    clearSigning();
    // Signed, whatever comes next: a Back pressed while the next page is still loading returns to this very
    // page (the router keeps it mounted until then), which must say signed rather than still checking.
    setView({ kind: 'signed' });
    journey.send(signedEvent(answer));
  }

  /**
   * Sends the browser to the next signer who has not signed (the second one when asked for), in place of
   * this page: the browser's Back from the signing page goes to the page before, not here to be sent again.
   * Already signed (Back from /bank-statements), the page says so and waits for Continue or Back.
   */
  function goSign(s: Signing) {
    if (s.signed) return inFrame() ? void done() : setView({ kind: 'signed' });
    if (ENDED.includes(s.status)) return setView({ kind: 'ended', status: s.status });
    if (!s.signers.length) return setView({ kind: 'warning', message: NO_SIGNERS });
    const pending = s.signers.filter((x) => x.decision !== 'signed');
    const next = toSecond ? (s.signers[1] ?? pending[0]) : pending[0];
    if (!next?.embedUrl) return setView({ kind: 'warning', message: NO_SIGNERS });
    if (toSecond) markSecondSigner();
    setView({ kind: 'ready', link: next.embedUrl, signers: s.signers.length });
    window.location.replace(next.embedUrl);
  }

  async function waitForSignature() {
    setView({ kind: 'checking' });
    const id = storedSignatureId() ?? (await build()).id;
    for (let i = 0; i < 90; i++) {
      const s = await queryClient.fetchQuery(signingQueryOptions(id));
      if (s.signed) return done(s);
      if (ENDED.includes(s.status)) return setView({ kind: 'ended', status: s.status });
      await new Promise((r) => setTimeout(r, 1000));
    }
    setView({ kind: 'error', message: t('signature.notReceived') });
  }

  async function start() {
    try {
      if (declined) return setView({ kind: 'ended', status: 'declined' });
      if (finished && pastSignature && !inFrame()) return setView({ kind: 'signed' });
      if (finished) return await waitForSignature();
      goSign(await build());
    } catch (e) {
      const { message, code } = e as HttpError;
      setView(code === 'NO_SIGNERS' ? { kind: 'warning', message } : { kind: 'error', message });
    }
  }

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
    // start reads the query once, on arrival
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function back() {
    clearSigning();
    journey.send({ type: 'journey.back' });
  }

  async function again() {
    setView({ kind: 'preparing' });
    clearSigning();
    try {
      goSign(await build());
    } catch (e) {
      setView({ kind: 'error', message: (e as Error).message });
    }
  }

  return (
    <section className="card narrow signature">
      {inFrame() ? null : <h1>{t('signature.title')}</h1>}
      {view.kind === 'warning' ? <Alert kind="warning">{view.message}</Alert> : null}
      {journey.error ? <Alert>{journey.error}</Alert> : null}
      {view.kind === 'error' ? <Alert>{view.message}</Alert> : null}
      {view.kind === 'ended' ? (
        <Alert kind="warning">
          {view.status === 'declined'
            ? t('signature.declined')
            : view.status === 'expired'
              ? t('signature.expired')
              : t('signature.cancelled')}
        </Alert>
      ) : null}
      <p className="lead">{t('signature.lead')}</p>
      {/* The co-owner's turn need not be on this device: said, so the applicant does not wait beside them. */}
      <p className="muted">{t('signature.coOwnerOwnDevice')}</p>
      {view.kind === 'preparing' ? (
        <p className="loading" role="status">
          {t('signature.preparing')}
        </p>
      ) : null}
      {view.kind === 'signed' ? <Alert kind="success">{t('signature.alreadySigned')}</Alert> : null}
      {view.kind === 'checking' ? (
        <p className="loading" role="status">
          {t('signature.checking')}
        </p>
      ) : null}
      <div className="form-actions">
        <Button type="button" variant="secondary" onClick={back} disabled={journey.busy}>
          {t('app.back')}
        </Button>
        {view.kind === 'signed' ? (
          <Button type="button" busy={journey.busy} onClick={() => done()}>
            {t('app.continue')}
          </Button>
        ) : view.kind === 'ended' ? (
          <Button type="button" onClick={() => void again()}>
            {t('signature.startAgain')}
          </Button>
        ) : (
          <Button
            type="button"
            disabled={view.kind !== 'ready' && view.kind !== 'error'}
            onClick={() => (view.kind === 'ready' ? window.location.replace(view.link) : void again())}
          >
            {t('signature.go')}
          </Button>
        )}
      </div>
    </section>
  );
}
