import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/translation';
import { ACCOUNT_MESSAGES, ACCOUNT_CODES, RESET_CONFIRM_RULES, RESET_REQUEST_RULES, validateForm } from '@portal/libs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useErrorSummary } from '../../components/ui/error-summary';
import { Field } from '../../components/ui/field';
import { NewPasswordFields } from '../../components/ui/password-strength';
import { accountApi } from './account-api';

type Step = 'email' | 'code' | 'done';

/** Section 2 '/forgot-password': email, then code and the new password twice, then the notice. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { formRef, report, clear, summary } = useErrorSummary<HTMLDivElement>();
  const [step, setStep] = useState<Step>('email');
  const [form, setForm] = useState({ username: '', code: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form, v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: '' }));
  };

  async function run(rules: typeof RESET_REQUEST_RULES | typeof RESET_CONFIRM_RULES, call: () => Promise<void>) {
    const found = validateForm(rules, form);
    setErrors(found);
    if (Object.keys(found).length) return report();
    clear();
    setBusy(true);
    setError(undefined);
    try {
      await call();
    } catch (e) {
      setError((e as Error).message);
      setErrors((prev) => ({ ...prev, ...((e as { fields?: Record<string, string> }).fields ?? {}) }));
    } finally {
      setBusy(false);
    }
  }

  const requestCode = (e: FormEvent) => {
    e.preventDefault();
    void run(RESET_REQUEST_RULES, async () => {
      const answer = await accountApi.forgotPassword(form.username.trim());
      if (!answer?.deliveryMedium || !answer.destination) throw new Error(ACCOUNT_CODES.somethingWentWrong);
      setStep('code');
    });
  };
  const change = (e: FormEvent) => {
    e.preventDefault();
    void run(RESET_CONFIRM_RULES, async () => {
      const answer = await accountApi.confirmForgotPassword({ ...form, username: form.username.trim() });
      if (answer.message !== ACCOUNT_MESSAGES.success) throw new Error(ACCOUNT_CODES.somethingWentWrong);
      setStep('done');
    });
  };

  return (
    <div className="auth-layout single">
      <section className="card auth-card">
        <h1>{t('reset.title')}</h1>
        {error ? <Alert>{error}</Alert> : null}
        <div ref={formRef}>
          {summary}
          {step === 'email' ? (
            <form onSubmit={requestCode} noValidate>
              <p className="lead">{t('reset.lead')}</p>
              <Field
                label={t('reset.email')}
                name="username"
                type="email"
                autoComplete="username"
                value={form.username}
                onChange={(e) => set('username', e.target.value)}
                error={errors.username}
              />
              <Button type="submit" busy={busy}>
                {t('reset.sendCode')}
              </Button>
              <div className="auth-links">
                <Link to="/login">{t('reset.returnToLogin')}</Link>
              </div>
            </form>
          ) : step === 'code' ? (
            <form onSubmit={change} noValidate>
              <p className="lead">{t('reset.codeSent', { email: form.username })}</p>
              <Field
                label={t('reset.code')}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={form.code}
                onChange={(e) => set('code', e.target.value.replace(/\D/g, ''))}
                error={errors.code}
              />
              <NewPasswordFields
                labels={{ password: t('reset.newPassword'), confirmPassword: t('reset.reEnter') }}
                values={form}
                errors={errors}
                onChange={set}
              />
              <Button type="submit" busy={busy}>
                {t('reset.change')}
              </Button>
              <div className="auth-links">
                <Link to="/login">{t('reset.returnToLogin')}</Link>
              </div>
            </form>
          ) : (
            <div>
              <Alert kind="success">{ACCOUNT_CODES.passwordChanged}</Alert>
              <Link className="btn btn-primary" to="/login">
                {t('reset.returnToLogin')}
              </Link>
            </div>
          )}
        </div>
      </section>
    </div>
  );
}
