import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FILE_MESSAGES, FILE_TYPES, statementMonths } from '@portal/libs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { clearSigning } from '../../lib/storage';
import { businessQueryOptions } from '../journey/journey-api';
import { leavePage } from '../journey/journey.machine';
import { refreshSession, sessionQueryOptions } from '../shell/session';
import { DocumentSlot } from './document-slot';
import { documentsApi } from './documents-api';

/** Where applicants may email documents instead (VITE_DOCUMENTS_EMAIL at build time). */
export const DOCUMENTS_EMAIL =
  (import.meta.env.VITE_DOCUMENTS_EMAIL as string | undefined) || 'documents@fundwise.example';

/** Section 2 '/bank-statements': one PDF slot per required month, then the submission to /offers. */
export function BankStatementsPage() {
  const { data: user } = useQuery(sessionQueryOptions());
  const app = user?.applications[0];
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const business = useQuery(businessQueryOptions(app?._id));
  const files = useQuery({
    queryKey: ['files', app?._id],
    enabled: !!app,
    queryFn: () => documentsApi.list(app!._id),
  });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  if (!app || business.isPending || files.isPending) return <p className="loading">Loading...</p>;
  const months = statementMonths(business.data?.addressData?.state, new Date());
  const statements = (files.data ?? []).filter((f) => f.fileType === FILE_TYPES.bankStatement);
  const covered = months.filter((m) => statements.some((f) => f.monthLabel === m)).length;
  const submitted = !!app.sfOpportunityId;
  const reload = () => void files.refetch();

  async function submit() {
    setConfirming(false);
    setBusy(true);
    setError(undefined);
    try {
      await documentsApi.submitStatements(app!._id);
      clearSigning();
      await refreshSession(queryClient);
      await navigate({ to: '/offers' });
    } catch (e) {
      setError((e as Error).message || FILE_MESSAGES.unknown);
      setBusy(false);
    }
  }

  async function back() {
    await leavePage({ applicationId: app!._id, saved: app!.stage }, { pageName: 'DOCUMENTS', pageStep: 1 }, 'back');
    await refreshSession(queryClient);
    await navigate({ to: '/signature' });
  }

  return (
    <section className="card wide">
      <h1>Just a few documents needed</h1>
      {error ? <Alert>{error}</Alert> : null}
      <p className="lead">
        Please upload your business bank statements for the past {months.length} months, as PDFs. You can add more than
        one file for a month.
      </p>
      <p className="muted">
        Prefer email? Send them to <a href={`mailto:${DOCUMENTS_EMAIL}`}>{DOCUMENTS_EMAIL}</a> from the email you used
        on your application ({user?.email}).
      </p>
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
            onChange={reload}
          />
        ))}
      </div>
      {busy ? (
        <p className="loading" role="status">
          {FILE_MESSAGES.analyzing}
        </p>
      ) : null}
      <div className="form-actions">
        {submitted ? null : (
          <Button variant="secondary" onClick={() => void back()} disabled={busy}>
            Back
          </Button>
        )}
        <Button busy={busy} onClick={() => (covered < months.length ? setConfirming(true) : void submit())}>
          Proceed
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Missing Documents"
        body={FILE_MESSAGES.missingDocuments(covered, months.length)}
        okText="Yes, proceed"
        cancelText="No, upload more"
        onOk={() => void submit()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
