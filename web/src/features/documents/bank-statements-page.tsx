import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { Trans, useTranslation } from '../../i18n/translation';
import { FILE_CODES, FILE_TYPES, statementMonths } from '@portal/libs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useFormat } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { useMessage } from '../../i18n/use-message';
import { businessQueryOptions } from '../../lib/journey/journey-api';
import { statementsSubmittedEvent } from '../../lib/journey/journey-answers';
import { useJourney } from '../../lib/journey/use-journey';
import { sessionQueryOptions, useApplication } from '../../lib/session';
import { DocumentSlot } from '../../components/documents/document-slot';
import { documentsQueryOptions, statementIds, useSubmitStatements } from '../../lib/documents-api';
import { PLAID_LINK_URL } from './plaid-link-url';

/** The bank connection, its own chunk with react-plaid-link: only applicants who get here download it. */
const BankConnect = lazy(() => import('./bank-connect'));

/** Where applicants may email documents instead (VITE_DOCUMENTS_EMAIL at build time). */
export const DOCUMENTS_EMAIL =
  (import.meta.env.VITE_DOCUMENTS_EMAIL as string | undefined) || 'documents@fundwise.example';

/** '/bank-statements': one PDF slot per required month, then the submission to /offers. */
export function BankStatementsPage() {
  const { t } = useTranslation();
  const tm = useMessage();
  const proceedRef = useRef<HTMLButtonElement>(null);
  const app = useApplication();
  const { data: user } = useSuspenseQuery(sessionQueryOptions());
  const journey = useJourney();
  const { data: business } = useSuspenseQuery(businessQueryOptions(app._id));
  const files = useSuspenseQuery(documentsQueryOptions(app._id));
  const fmt = useFormat();
  const language = useLanguage();
  /** Which question Proceed is asking: months missing (the spec's), then statements needing attention. */
  const [confirming, setConfirming] = useState<'missing' | 'attention'>();
  const uploads = useRef(new Set<Promise<unknown>>());
  /** The list Proceed counted the months on: the submission names its statements. */
  const counted = useRef(files.data);
  const queryClient = useQueryClient();
  /** Proceed pressed: the uploads on their way are awaited and the months counted. */
  const [counting, setCounting] = useState(false);
  const submission = useSubmitStatements(app._id);
  // Still busy once submitted, until the journey has moved to /offers.
  const busy = counting || submission.isPending || submission.isSuccess;
  const error = submission.error ? submission.error.message || FILE_CODES.unknown : undefined;

  const months = statementMonths(business.addressData?.state, new Date());
  const statementsIn = (list: typeof files.data) => list.filter((f) => f.fileType === FILE_TYPES.bankStatement);
  const coveredBy = (list: typeof files.data) =>
    months.filter((m) => statementsIn(list).some((f) => f.monthLabel === m)).length;
  const statements = statementsIn(files.data);
  const covered = coveredBy(files.data);
  /** The months with a statement the server's reading advises on: their slots are amber. */
  const needingAttention = (list: typeof files.data) =>
    months.filter((m) => statementsIn(list).some((f) => f.monthLabel === m && f.advice?.length));
  const attentionMonths = new Intl.ListFormat(language, { type: 'conjunction' }).format(
    needingAttention(files.data).map(fmt.month),
  );
  // The spec's rule (Back hidden once an opportunity id exists), which the api's own refusals follow too
  // (a statement is kept, the bank not fetched again, once the opportunity exists); the journey's
  // 'statements submitted' is the api's answer, read by the machine.
  const submitted = !!app.sfOpportunityId;
  // The application submitted: the statements are the lender's now, shown read-only (the api refuses
  // any upload too): no upload, no removal, no bank connection, nothing to proceed with.
  const closed = app.applicationStatus === 'Submitted';
  const reload = () => files.refetch();

  /**
   * Uploads still on their way are finished first (under the spec's loading text), then the months are
   * counted on this browser's list, which their answers and the removals' keep. A month missing there: the
   * list is read afresh, as another device may have sent it. Every month there: the submission names the
   * statements counted, and the api refuses it if it holds others (useSubmitStatements). A statement that
   * needs attention is a warning, never a refusal: Proceed asks, and the applicant may go on.
   */
  async function proceed() {
    setCounting(true);
    await Promise.allSettled([...uploads.current]);
    const kept = queryClient.getQueryData(documentsQueryOptions(app._id).queryKey) ?? files.data;
    const latest = coveredBy(kept) < months.length ? ((await files.refetch()).data ?? kept) : kept;
    counted.current = latest;
    if (coveredBy(latest) < months.length) ask('missing');
    else proceedPastAttention(latest);
  }
  function proceedPastAttention(latest = counted.current) {
    if (needingAttention(latest).length) ask('attention');
    else submit();
  }
  const ask = (question: 'missing' | 'attention') => {
    setCounting(false);
    setConfirming(question);
  };
  const trackUpload = (done: Promise<unknown>) => {
    uploads.current.add(done);
    void done.finally(() => uploads.current.delete(done));
  };

  function submit() {
    setConfirming(undefined);
    // The submission moved the journey on; the machine follows the server there.
    // Counting ends with the submission, so the page stays busy from Proceed to the answer.
    submission.mutate(statementIds(counted.current), {
      onSuccess: (answer) => journey.send(statementsSubmittedEvent(answer)),
      onSettled: () => setCounting(false),
    });
  }

  return (
    <section className="card wide">
      <h1>{t('documents.title')}</h1>
      {(error ?? journey.error) ? <Alert>{error ?? journey.error}</Alert> : null}
      <p className="lead">{t('documents.lead', { count: months.length })}</p>
      {closed ? <p className="muted">{tm(FILE_CODES.applicationSubmitted)}</p> : null}
      <p className="muted">
        <Trans
          i18nKey="documents.email"
          values={{ address: DOCUMENTS_EMAIL, email: user?.email ?? '' }}
          components={{ mail: <a href={`mailto:${DOCUMENTS_EMAIL}`} /> }}
        />
      </p>
      {/* Above the slots: on a phone, below them, the quicker way was a long scroll down, out of sight. */}
      {submitted || closed || PLAID_LINK_URL === 'none' ? null : (
        <Suspense fallback={null}>
          <BankConnect applicationId={app._id} disabled={busy} onFilled={() => void reload()} />
        </Suspense>
      )}
      <div className="doc-slots">
        {months.map((m) => (
          <DocumentSlot
            key={m}
            title={m}
            applicationId={app._id}
            fileType={FILE_TYPES.bankStatement}
            monthLabel={m}
            files={statements.filter((f) => f.monthLabel === m)}
            canRemove={!submitted}
            readOnly={closed}
            onChange={reload}
            onUpload={trackUpload}
          />
        ))}
      </div>
      {busy ? (
        <p className="loading" role="status">
          {tm(FILE_CODES.analyzing)}
        </p>
      ) : null}
      <div className="form-actions">
        {submitted ? null : (
          <Button
            variant="secondary"
            onClick={() => journey.send({ type: 'journey.back' })}
            disabled={busy || journey.busy}
          >
            {t('app.back')}
          </Button>
        )}
        {closed ? null : (
          <Button ref={proceedRef} busy={busy} onClick={() => void proceed()}>
            {t('app.proceed')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming === 'missing'}
        title={t('documents.missingTitle')}
        body={tm(FILE_CODES.missingDocuments(covered, months.length))}
        okText={t('documents.yesProceed')}
        cancelText={t('documents.uploadMore')}
        returnFocus={() => proceedRef.current}
        onOk={() => proceedPastAttention()}
        onCancel={() => setConfirming(undefined)}
      />
      <ConfirmDialog
        open={confirming === 'attention'}
        title={t('documents.attentionTitle')}
        body={t('documents.attentionBody', { months: attentionMonths })}
        okText={t('documents.proceedAnyway')}
        cancelText={t('documents.reviewStatements')}
        returnFocus={() => proceedRef.current}
        onOk={submit}
        onCancel={() => setConfirming(undefined)}
      />
    </section>
  );
}
