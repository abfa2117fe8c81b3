import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, RESET_CONFIRM_RULES, RESET_REQUEST_RULES, validateForm } from '@portal/libs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { PasswordStrength } from '../../components/ui/password-strength';
import { accountApi } from './account-api';

type Step = 'email' | 'code' | 'done';

/** Section 2 '/forgot-password': email, then code and the new password twice, then the notice. */
export function ForgotPasswordPage() {
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
    if (Object.keys(found).length) return;
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
      if (!answer?.deliveryMedium || !answer.destination) throw new Error(ACCOUNT_MESSAGES.somethingWentWrong);
      setStep('code');
    });
  };
  const change = (e: FormEvent) => {
    e.preventDefault();
    void run(RESET_CONFIRM_RULES, async () => {
      const answer = await accountApi.confirmForgotPassword({ ...form, username: form.username.trim() });
      if (answer.message !== ACCOUNT_MESSAGES.success) throw new Error(ACCOUNT_MESSAGES.somethingWentWrong);
      setStep('done');
    });
  };

  return (
    <div className="auth-layout single">
      <section className="card auth-card">
        <h1>Reset your password</h1>
        {error ? <Alert>{error}</Alert> : null}
        {step === 'email' ? (
          <form onSubmit={requestCode} noValidate>
            <p className="lead">Enter the email you applied with and we’ll send you a one-time code.</p>
            <Field
              label="Email"
              name="username"
              type="email"
              autoComplete="username"
              value={form.username}
              onChange={(e) => set('username', e.target.value)}
              error={errors.username}
            />
            <Button type="submit" busy={busy}>
              Send code
            </Button>
            <div className="auth-links">
              <Link to="/login">Return to Login</Link>
            </div>
          </form>
        ) : step === 'code' ? (
          <form onSubmit={change} noValidate>
            <p className="lead">
              If an account exists for {form.username}, we sent it a code. It expires in 10 minutes.
            </p>
            <Field
              label="One time code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={form.code}
              onChange={(e) => set('code', e.target.value.replace(/\D/g, ''))}
              error={errors.code}
            />
            <Field
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              maxLength={128}
              value={form.password}
              onChange={(e) => set('password', e.target.value)}
              error={errors.password}
              after={<PasswordStrength password={form.password} />}
            />
            <Field
              label="Re-enter password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              maxLength={128}
              value={form.confirmPassword}
              onChange={(e) => set('confirmPassword', e.target.value)}
              error={errors.confirmPassword}
            />
            <Button type="submit" busy={busy}>
              Change password
            </Button>
            <div className="auth-links">
              <Link to="/login">Return to Login</Link>
            </div>
          </form>
        ) : (
          <div>
            <Alert kind="success">Password change successful!</Alert>
            <Link className="btn btn-primary" to="/login">
              Return to Login
            </Link>
          </div>
        )}
      </section>
    </div>
  );
}
