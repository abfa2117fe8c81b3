import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LOGIN_RULES, validateForm, type ErasureKeptRecord, type ErasureView } from '@portal/libs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useErrorSummary } from '../../components/ui/error-summary';
import { Field } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { Loading } from '../../components/ui/loading';
import { useFormat } from '../../i18n/format';
import { useMessage } from '../../i18n/use-message';
import { useTranslation } from '../../i18n/translation';
import { Link, useNav } from '../../lib/nav';
import { clearUserName } from '../../lib/storage';
import { eraseApi, erasureQuery } from './erase-api';

/** Each kept record's words, by the api's code. */
const KEPT_WORDS: Record<ErasureKeptRecord, string> = {
  signedApplication: 'eraseAccount.kept.signedApplication',
  opportunity: 'eraseAccount.kept.opportunity',
  identity: 'eraseAccount.kept.identity',
};

/** What a submitted application keeps, why and until when; an application not submitted keeps nothing. */
function WhatIsKept({ view }: { view: ErasureView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (!view.submitted) return <p>{t('eraseAccount.allGoes')}</p>;
  return (
    <>
      <p>{t('eraseAccount.submittedIntro')}</p>
      <h2>{t('eraseAccount.keptTitle')}</h2>
      <ul>
        {view.kept.map((k) => (
          <li key={k}>{t(KEPT_WORDS[k])}</li>
        ))}
      </ul>
      <p>{t('eraseAccount.keptWhere')}</p>
      <p>{t(view.country === 'CA' ? 'eraseAccount.whyCA' : 'eraseAccount.whyUS', { years: view.years ?? 5 })}</p>
      {view.keepUntil ? <p>{t('eraseAccount.until', { date: fmt.date(view.keepUntil) })}</p> : null}
      <p>{t('eraseAccount.everythingElse')}</p>
    </>
  );
}

/** "Delete my account": says what goes and what is kept, then deletes on the password. */
export function EraseAccountPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const nav = useNav();
  const view = useQuery(erasureQuery);
  const { formRef, report, clear, summary } = useErrorSummary();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [refused, setRefused] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateForm({ password: LOGIN_RULES.password }, { password });
    setError(found.password);
    if (found.password) return report();
    clear();
    setBusy(true);
    setRefused(undefined);
    try {
      await eraseApi.erase(password);
      // The api ended the session; this browser forgets the name too.
      clearUserName();
      nav.signedOut();
      setDone(true);
    } catch (err) {
      setRefused((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <section className="card">
        <h1>{t('eraseAccount.doneTitle')}</h1>
        <Alert kind="success" takeFocus>
          {t('eraseAccount.done')}
        </Alert>
        <Link to="/">{t('eraseAccount.home')}</Link>
      </section>
    );
  return (
    <section className="card">
      <h1>{t('eraseAccount.title')}</h1>
      {view.isPending ? <Loading label={t('eraseAccount.loading')} /> : null}
      {view.isError ? <LoadError error={view.error} reset={() => void view.refetch()} /> : null}
      {view.data ? (
        <form onSubmit={(e) => void submit(e)} noValidate ref={formRef}>
          {summary}
          <WhatIsKept view={view.data} />
          <p>{t('eraseAccount.emailsSent')}</p>
          <p>{t('eraseAccount.cannotUndo')}</p>
          {refused ? <Alert>{message(refused)}</Alert> : null}
          <Field
            label={t('eraseAccount.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            hint={t('eraseAccount.passwordHint')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error}
          />
          <Button type="submit" busy={busy}>
            {busy ? t('eraseAccount.deleting') : t('eraseAccount.submit')}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
