import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n/translation';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useJourney } from '../../lib/journey/use-journey';
import { useApplication } from '../../lib/session';
import { CalendlyEmbed } from './calendly-embed';
import { OfferCard, offerName } from './offer-card';
import { AffordabilityNote } from './offer-affordability';
import { OfferComparison } from './offer-comparison';
import { toLanguage } from '../../i18n/i18n';
import { FinalStep } from './final-step';
import { useDraft } from '../../lib/journey/use-draft';
import { keepSubmitted, offerQueryOptions, repQueryOptions, useSelectOffer, type Rep } from './offers-api';

/** '/offers': step 2 picks the offer, step 3 asks for the last documents and submits the application. */
export function OffersPage() {
  const { t, i18n } = useTranslation();
  const UNKNOWN = t('app.unknownError');
  const app = useApplication();
  const queryClient = useQueryClient();
  const journey = useJourney();
  const submittedApp = app.applicationStatus === 'Submitted';
  // The calculation is the page's own action, with its own 'Calculating' text and error alert rather than
  // the router's loading page: it can take a while, and its failure leaves the page usable.
  const offer = useQuery({ ...offerQueryOptions(app._id), enabled: !submittedApp });
  const rep = useQuery({
    ...repQueryOptions(app.sfOpportunityId ?? ''),
    enabled: !!app.sfOpportunityId && submittedApp,
  });
  // The applicant's pick, until it is saved (the saved one shows until then).
  const form = useForm<{ choice: string }>({ defaultValues: { choice: '' } });
  // Kept by the api as the page's draft until saved (the save drops it): a session that ends, or another
  // device, keeps the pick.
  const draft = useDraft(form, 'offer');
  const picked = useWatch({ control: form.control, name: 'choice' }) || undefined;
  const select = useSelectOffer(app._id, draft.saving);
  const busy = select.isPending;
  const error = select.error ? select.error.message || UNKNOWN : undefined;
  const [submitted, setSubmitted] = useState<Rep>();
  // Picked on this visit: step 3 then offers the call first. An applicant who comes back to step 3 (the pick
  // saved before) is shown the last documents and Submit at once, never the thanks alone.
  const [pickedNow, setPickedNow] = useState(false);

  const step = journey.step;
  if (submitted || submittedApp)
    return <Submitted rep={submitted ?? rep.data} repLoading={!submitted && rep.isLoading} justSent={!!submitted} />;
  if (offer.isPending)
    return (
      <section className="card narrow">
        <p className="loading" role="status">
          {t('offers.calculating')}
        </p>
      </section>
    );
  const options = offer.data?.offerOptions ?? [];
  // A pick kept from before the offers were priced again is no pick.
  const choice = options.some((o) => o.id === picked) ? picked : undefined;
  const affordability = offer.data?.affordability;
  const measured = affordability?.readable ? affordability.options : [];
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const names = Object.fromEntries(options.map((o) => [o.id, offerName(o, t, language)]));
  const selectedId = choice ?? options.find((o) => o.isSelected === 'true')?.id;
  const loadError = offer.error ? offer.error.message || UNKNOWN : undefined;

  function proceed() {
    if (!offer.data || !selectedId) return;
    select.mutate(
      { offerId: offer.data._id, selectedId },
      {
        onSuccess: () => {
          setPickedNow(true);
          journey.send({ type: 'journey.next', saved: 'offer' });
        },
      },
    );
  }

  const back = () => journey.send({ type: 'journey.back' });

  if (step === 2)
    return (
      <section className="card wide">
        <h1>{t('offers.pickTitle')}</h1>
        {loadError || error || journey.error ? <Alert>{loadError ?? error ?? journey.error}</Alert> : null}
        {!loadError && options.length === 0 ? <Alert kind="warning">{t('offers.none')}</Alert> : null}
        <div className="offer-grid">
          {options.map((o) => (
            <OfferCard
              key={o.id}
              option={o}
              selected={o.id === selectedId}
              disabled={busy || journey.busy}
              onSelect={() => form.setValue('choice', o.id)}
              measured={measured.find((m) => m.id === o.id)}
            />
          ))}
        </div>
        {options.length ? <AffordabilityNote affordability={affordability} /> : null}
        <OfferComparison options={options} names={names} affordability={affordability} />
        {busy ? (
          <p className="loading" role="status">
            {t('offers.submitting')}
          </p>
        ) : null}
        <div className="form-actions">
          <Button variant="secondary" onClick={back} disabled={busy || journey.busy}>
            {t('app.back')}
          </Button>
          <Button disabled={!selectedId} busy={busy || journey.busy} onClick={proceed}>
            {t('app.proceed')}
          </Button>
        </div>
      </section>
    );

  const chosen = options.find((o) => o.isSelected === 'true');
  return (
    <FinalStep
      applicationId={app._id}
      chosen={chosen}
      returning={!pickedNow}
      onBack={back}
      onSubmitted={(r) => {
        setSubmitted(r);
        void keepSubmitted(queryClient, app._id, r);
      }}
    />
  );
}

/**
 * The booking view: the rep's name and link as soon as they are known, whatever the widget is doing. Just
 * submitted (`justSent`), it replaces the page in place and the pressed button with it: focus goes to its
 * heading, not to the page's <body>, so the submission is heard.
 */
function Submitted({ rep, repLoading, justSent }: { rep?: Rep; repLoading: boolean; justSent: boolean }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (justSent) heading.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <section className="card wide">
      <h1 ref={heading} tabIndex={-1}>
        {t('offers.submittedTitle')}
      </h1>
      {repLoading ? (
        <p className="loading" role="status">
          {t('app.loadingShort')}
        </p>
      ) : rep?.repName && rep.schedulingLink ? (
        <>
          <h2>{t('offers.bookCall', { name: rep.repName })}</h2>
          <CalendlyEmbed url={rep.schedulingLink} />
        </>
      ) : (
        <p className="lead">{t('offers.contactSoon')}</p>
      )}
    </section>
  );
}
