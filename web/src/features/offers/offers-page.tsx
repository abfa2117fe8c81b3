import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n/translation';
import { FILE_TYPES, type OfferOptionView } from '@portal/libs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { DocumentSlot } from '../../components/documents/document-slot';
import { documentsApi } from '../../lib/documents-api';
import { useJourney } from '../../lib/journey/use-journey';
import { refreshSession, useApplication } from '../../lib/session';
import { CalendlyEmbed } from './calendly-embed';
import { OfferCard, offerName } from './offer-card';
import { AffordabilityNote } from './offer-affordability';
import { OfferComparison } from './offer-comparison';
import { toLanguage } from '../../i18n/i18n';
import { offerQueryOptions, offersApi, type Rep } from './offers-api';

/** Section 2 '/offers': step 2 picks the offer, step 3 the last documents and the submission. */
export function OffersPage() {
  const { t, i18n } = useTranslation();
  const UNKNOWN = t('app.unknownError');
  const app = useApplication();
  const queryClient = useQueryClient();
  const journey = useJourney();
  const submittedApp = app.applicationStatus === 'Submitted';
  // The calculation is the page's own action with its own 'Calculating' text and error alert (section 2).
  const offer = useQuery({ ...offerQueryOptions(app._id), enabled: !submittedApp });
  const rep = useQuery({
    queryKey: ['rep', app.sfOpportunityId],
    enabled: !!app.sfOpportunityId && submittedApp,
    queryFn: () => offersApi.rep(app.sfOpportunityId ?? ''),
    retry: false,
  });
  // The applicant's pick, until it is saved (the saved one shows until then).
  const form = useForm<{ choice: string }>({ defaultValues: { choice: '' } });
  const choice = useWatch({ control: form.control, name: 'choice' }) || undefined;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [submitted, setSubmitted] = useState<Rep>();

  const step = journey.step;
  if (submitted || submittedApp)
    return <Submitted rep={submitted ?? rep.data} repLoading={!submitted && rep.isLoading} />;
  if (offer.isPending)
    return (
      <section className="card narrow">
        <p className="loading" role="status">
          {t('offers.calculating')}
        </p>
      </section>
    );
  const options = offer.data?.offerOptions ?? [];
  const affordability = offer.data?.affordability;
  const measured = affordability?.readable ? affordability.options : [];
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const names = Object.fromEntries(options.map((o) => [o.id, offerName(o, t, language)]));
  const selectedId = choice ?? options.find((o) => o.isSelected === 'true')?.id;
  const loadError = offer.error ? offer.error.message || UNKNOWN : undefined;

  async function proceed() {
    setBusy(true);
    setError(undefined);
    try {
      if (!offer.data || !selectedId) return;
      const updated = await offersApi.select(offer.data._id, app._id, selectedId);
      queryClient.setQueryData(offerQueryOptions(app._id).queryKey, updated);
      journey.send({ type: 'journey.next', saved: 'offer' });
    } catch (e) {
      setError((e as Error).message || UNKNOWN);
    } finally {
      setBusy(false);
    }
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
          <Button disabled={!selectedId} busy={busy || journey.busy} onClick={() => void proceed()}>
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
      onBack={back}
      onSubmitted={(r) => {
        setSubmitted(r);
        void refreshSession(queryClient);
      }}
    />
  );
}

function FinalStep(props: {
  applicationId: string;
  chosen?: OfferOptionView;
  onBack: () => void;
  onSubmitted: (rep: Rep) => void;
}) {
  const { t } = useTranslation();
  const files = useQuery({
    queryKey: ['files', props.applicationId],
    queryFn: () => documentsApi.list(props.applicationId),
  });
  const [documentsShown, setDocumentsShown] = useState(false);
  // 'Schedule a call with my agent' is gone once pressed: focus goes to the documents' heading.
  const documentsHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (documentsShown) documentsHeading.current?.focus();
  }, [documentsShown]);
  // 'I don't have it' for each document.
  const form = useForm<{ check: boolean; license: boolean }>({ defaultValues: { check: false, license: false } });
  const missing = useWatch({ control: form.control });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const of = (type: string) => (files.data ?? []).filter((f) => f.fileType === type);
  const checks = of(FILE_TYPES.voidedCheck);
  const licenses = of(FILE_TYPES.driversLicense);
  const ready = (checks.length > 0 || !!missing.check) && (licenses.length > 0 || !!missing.license);

  async function submit() {
    setBusy(true);
    setError(undefined);
    try {
      props.onSubmitted(
        await offersApi.submit(props.applicationId, {
          voidedCheck: checks.length ? 'uploaded' : 'notAvailable',
          driversLicense: licenses.length ? 'uploaded' : 'notAvailable',
        }),
      );
    } catch (e) {
      setError((e as Error).message || t('app.unknownError'));
      setBusy(false);
    }
  }

  return (
    <section className="card wide">
      <h1>{t('offers.thanksTitle')}</h1>
      {error ? <Alert>{error}</Alert> : null}
      {props.chosen ? (
        <div className="offer-grid single">
          <OfferCard option={props.chosen} selected />
        </div>
      ) : null}
      <p className="lead">{t('offers.thanksLead')}</p>
      {documentsShown ? (
        <>
          <h2 ref={documentsHeading} tabIndex={-1}>
            {t('offers.lastDocuments')}
          </h2>
          <div className="doc-slots">
            {(
              [
                [t('offers.voidedCheck'), FILE_TYPES.voidedCheck, checks, 'check'],
                [t('offers.driversLicense'), FILE_TYPES.driversLicense, licenses, 'license'],
              ] as const
            ).map(([title, type, list, key]) => (
              <div key={type}>
                <DocumentSlot
                  title={title}
                  applicationId={props.applicationId}
                  fileType={type}
                  files={list}
                  // The statements are submitted before this step: the server keeps every document from then on.
                  canRemove={false}
                  onChange={() => void files.refetch()}
                />
                <label className="check-line">
                  <input
                    type="checkbox"
                    checked={!!missing[key]}
                    disabled={list.length > 0}
                    onChange={(e) => form.setValue(key, e.target.checked)}
                  />{' '}
                  {t('offers.dontHave')}
                  {/* The spec's words are the same on both boxes: each one's name says which document. */}
                  <span className="visually-hidden"> ({title})</span>
                </label>
              </div>
            ))}
          </div>
          <div className="form-actions">
            <Button variant="secondary" onClick={props.onBack} disabled={busy}>
              {t('app.back')}
            </Button>
            <Button
              disabled={!ready}
              busy={busy}
              aria-describedby={ready ? undefined : 'submit-hint'}
              onClick={() => void submit()}
            >
              {t('offers.submitApplication')}
            </Button>
          </div>
          {ready ? null : (
            <p id="submit-hint" className="muted">
              {t('offers.submitHint')}
            </p>
          )}
        </>
      ) : (
        <div className="form-actions">
          <Button variant="secondary" onClick={props.onBack}>
            {t('app.back')}
          </Button>
          <Button onClick={() => setDocumentsShown(true)}>{t('offers.schedule')}</Button>
        </div>
      )}
    </section>
  );
}

/** The booking view: the rep's name and link as soon as they are known, whatever the widget is doing. */
function Submitted({ rep, repLoading }: { rep?: Rep; repLoading: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="card wide">
      <h1>{t('offers.submittedTitle')}</h1>
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
