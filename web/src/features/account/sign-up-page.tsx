import { useMachine } from '@xstate/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import {
  SIGN_UP_RULES,
  formatPhone,
  toE164,
  validateForm,
  PHONE_INPUT_MAX_LENGTH,
  type SignUpForm,
} from '@portal/libs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { PasswordStrength } from '../../components/ui/password-strength';
import { affiliateId, storeUserName } from '../../lib/storage';
import { refreshSession, resumePath } from '../shell/session';
import { accountApi } from './account-api';
import { CodeStep } from './code-step';
import { signUpMachine } from './sign-up.machine';

const EMPTY: SignUpForm = {
  firstName: '',
  lastName: '',
  businessName: '',
  phone: '',
  email: '',
  password: '',
  confirmPassword: '',
};

const LABELS: Record<keyof SignUpForm, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  businessName: 'Business name',
  phone: 'Phone',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm password',
};

export function SignUpPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<SignUpForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, send] = useMachine(
    signUpMachine.provide({
      actors: {
        register: fromPromise(({ input }) => accountApi.register({ ...input, phone: toE164(input.phone) })),
        confirm: fromPromise(async ({ input }) => {
          const answer = await accountApi.confirmSignUp(input.userName, input.password, input.code);
          if (answer.$metadata?.httpStatusCode !== 200) throw new Error('Unable to confirm signup');
          storeUserName(answer.username);
        }),
        resend: fromPromise(async ({ input }) => void (await accountApi.sendCode(input.userName))),
      },
    }),
  );
  const { context } = state;

  useEffect(() => {
    if (state.matches('done')) void refreshSession(queryClient).then((user) => navigate({ to: resumePath(user) }));
  }, [state, navigate, queryClient]);

  const set = (k: keyof SignUpForm, v: string) => {
    setForm((f) => ({ ...f, [k]: k === 'phone' ? formatPhone(v) : v }));
    setErrors((e) => ({ ...e, [k]: '' }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateForm(SIGN_UP_RULES, form);
    setErrors(found);
    if (Object.keys(found).length) return;
    send({ type: 'details.submit', form: { ...form, email: form.email.trim(), affiliateId: affiliateId() } });
  };

  // The server's field messages, unless the applicant has since edited that field.
  const shown: Record<string, string | undefined> = { ...context.fields, ...errors };
  const onCode = state.matches('code') || state.matches('confirming') || state.matches('resending');
  return (
    <div className="auth-layout">
      <section className="card auth-card">
        <h1>Apply for a Business Loan</h1>
        {onCode ? (
          <CodeStep
            destination={context.destination}
            busy={state.matches('confirming')}
            resending={state.matches('resending')}
            error={context.error}
            onConfirm={(code) => send({ type: 'code.submit', code })}
            onResend={() => send({ type: 'code.resend' })}
          />
        ) : (
          <form onSubmit={submit} noValidate>
            <p className="lead">Tell us about you. It takes about a minute and won’t affect your credit.</p>
            {context.error ? <Alert>{context.error}</Alert> : null}
            <div className="grid-2">
              {(['firstName', 'lastName'] as const).map((k) => (
                <Field
                  key={k}
                  label={LABELS[k]}
                  name={k}
                  autoComplete={k === 'firstName' ? 'given-name' : 'family-name'}
                  maxLength={200}
                  value={form[k]}
                  onChange={(e) => set(k, e.target.value)}
                  error={shown[k]}
                />
              ))}
            </div>
            <Field
              label={LABELS.businessName}
              name="businessName"
              autoComplete="organization"
              maxLength={200}
              value={form.businessName}
              onChange={(e) => set('businessName', e.target.value)}
              error={shown.businessName}
            />
            <Field
              label={LABELS.phone}
              name="phone"
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              placeholder="(123) 456-7890"
              maxLength={PHONE_INPUT_MAX_LENGTH}
              value={form.phone}
              onChange={(e) => set('phone', e.target.value)}
              error={shown.phone}
            />
            <Field
              label={LABELS.email}
              name="email"
              type="email"
              autoComplete="email"
              maxLength={200}
              value={form.email}
              onChange={(e) => set('email', e.target.value)}
              error={shown.email}
            />
            <Field
              label={LABELS.password}
              name="password"
              type="password"
              autoComplete="new-password"
              maxLength={128}
              value={form.password}
              onChange={(e) => set('password', e.target.value)}
              error={shown.password}
              after={<PasswordStrength password={form.password} />}
            />
            <Field
              label={LABELS.confirmPassword}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              maxLength={128}
              value={form.confirmPassword}
              onChange={(e) => set('confirmPassword', e.target.value)}
              error={shown.confirmPassword}
            />
            <Button type="submit" busy={state.matches('registering')}>
              Continue
            </Button>
          </form>
        )}
        {/* A link in a button's clothes (the spec calls it a button): it only goes to /login. */}
        <Link to="/login" className="btn btn-link" role="button">
          Already have an account? Login!
        </Link>
      </section>
      <TrustPanel />
    </div>
  );
}

const TRUST_POINTS = [
  'Your application is encrypted',
  'For businesses in the US and Canada',
  'In business at least 3 months',
  'A combined 50% ownership across applicants',
];

/** Section 1's on-screen statements, and the review widget's slot only when a widget id is configured. */
function TrustPanel() {
  // A blank or whitespace-only id (an env file line left empty) counts as none: no empty box.
  const widget = ((import.meta.env.VITE_REVIEW_WIDGET_ID as string | undefined) ?? '').trim();
  return (
    <aside className="trust" aria-label="Why apply with us">
      <p className="trust-headline">Trusted by 3,000+ business owners</p>
      <ul>
        {TRUST_POINTS.map((point) => (
          <li key={point}>
            <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
              <circle cx="10" cy="10" r="10" fill="rgba(255,255,255,0.18)" />
              <path d="M6 10.5l2.5 2.5L14 7.5" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" />
            </svg>
            {point}
          </li>
        ))}
      </ul>
      {widget ? <div className="review-widget" data-widget-id={widget} /> : null}
    </aside>
  );
}
