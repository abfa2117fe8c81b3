import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FILE_TYPES, type OfferOptionView } from '@portal/libs';
import { DocumentSlot } from '../../components/documents/document-slot';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useTranslation } from '../../i18n/translation';
import { documentsQueryOptions } from '../../lib/documents-api';
import { OfferCard } from './offer-card';
import { useSubmitApplication, type SubmittedAnswer } from './offers-api';

/**
 * Step 3 of /offers: the chosen offer, then (once the applicant asks to schedule the call) the voided
 * check and the driver's license, each uploaded or marked as not available, and the submission.
 */
export function FinalStep(props: {
  applicationId: string;
  chosen?: OfferOptionView;
  /** Come back to this step (the offer picked on an earlier visit): the documents show at once. */
  returning?: boolean;
  onBack: () => void;
  onSubmitted: (answer: SubmittedAnswer) => void;
}) {
  const { t } = useTranslation();
  const files = useQuery(documentsQueryOptions(props.applicationId));
  const [documentsShown, setDocumentsShown] = useState(!!props.returning);
  // 'Schedule a call with my agent' is gone once pressed: focus goes to the documents' heading. Shown on
  // arrival (returning), they leave focus where the page puts it.
  const documentsHeading = useRef<HTMLHeadingElement>(null);
  const pressed = useRef(false);
  useEffect(() => {
    if (documentsShown && pressed.current) documentsHeading.current?.focus();
  }, [documentsShown]);
  // 'I don't have it' for each document.
  const form = useForm<{ check: boolean; license: boolean }>({ defaultValues: { check: false, license: false } });
  const missing = useWatch({ control: form.control });
  const submission = useSubmitApplication(props.applicationId);
  // Still busy once submitted: the page turns to the booking view.
  const busy = submission.isPending || submission.isSuccess;
  const error = submission.error ? submission.error.message || t('app.unknownError') : undefined;
  const of = (type: string) => (files.data ?? []).filter((f) => f.fileType === type);
  const checks = of(FILE_TYPES.voidedCheck);
  const licenses = of(FILE_TYPES.driversLicense);
  const ready = (checks.length > 0 || !!missing.check) && (licenses.length > 0 || !!missing.license);

  const submit = () =>
    submission.mutate(
      {
        voidedCheck: checks.length ? 'uploaded' : 'notAvailable',
        driversLicense: licenses.length ? 'uploaded' : 'notAvailable',
      },
      { onSuccess: props.onSubmitted },
    );

  return (
    <section className="card wide">
      <h1>{t('offers.thanksTitle')}</h1>
      {/* Answers the press of Submit, far below it on a phone: brought into view with focus, each time. */}
      {error ? (
        <Alert key={submission.submittedAt} takeFocus>
          {error}
        </Alert>
      ) : null}
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
            <Button disabled={!ready} busy={busy} aria-describedby={ready ? undefined : 'submit-hint'} onClick={submit}>
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
          <Button
            onClick={() => {
              pressed.current = true;
              setDocumentsShown(true);
            }}
          >
            {t('offers.schedule')}
          </Button>
        </div>
      )}
    </section>
  );
}
