import { useSuspenseQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LOGIN_RULES, validateForm } from '@portal/libs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { useFormat } from '../../i18n/format';
import { useTranslation } from '../../i18n/translation';
import { archiveHref, dataExportQueryOptions, useRequestDataExport } from './export-api';

/**
 * '/my-data', "Download my data" (from the account menu): what the archive holds, then either the request
 * (confirmed by the password, checked with the sign-in's rule), the archive being built, or its download
 * until the link expires. The archive is built in the background and its link emailed.
 */
export function DataExportPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { data } = useSuspenseQuery(dataExportQueryOptions());
  const ask = useRequestDataExport();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateForm({ password: LOGIN_RULES.password }, { password });
    setError(found.password);
    if (found.password) return;
    ask.mutate(password, { onSuccess: () => setPassword('') });
  };

  return (
    <section className="card narrow">
      <h1>{t('dataExport.title')}</h1>
      <p className="lead">{t('dataExport.lead')}</p>
      <p>{t('dataExport.howItWorks')}</p>
      <p>{t('dataExport.sensitive')}</p>
      {data.state === 'ready' ? (
        <>
          <Alert kind="success">{t('dataExport.ready', { date: fmt.dateTime(data.expiresAt) })}</Alert>
          <a className="btn btn-primary" href={archiveHref(data.exportId)} download>
            {t('dataExport.download')}
          </a>
        </>
      ) : data.state === 'building' ? (
        <Alert kind="success">{t('dataExport.building')}</Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          {ask.error ? (
            <Alert key={ask.submittedAt} takeFocus>
              {ask.error.message}
            </Alert>
          ) : null}
          <Field
            label={t('dataExport.password')}
            hint={t('dataExport.passwordHint')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error}
          />
          <Button type="submit" busy={ask.isPending}>
            {t('dataExport.request')}
          </Button>
        </form>
      )}
    </section>
  );
}
