// Not react-hook-form, by measure (its size on the first pages), like /sign-up (see sign-up-page.tsx): /login already carries
// XState for its machine, and each later page's own chunks are held to 30 KiB (30.72 kB gzip,
// web/.size-limit.mjs). Measured on 2026-11-26 with `vite build` and size-limit: /login's chunks are
// 16.12 kB with this useState form, 32.12 kB with react-hook-form (useForm, the libs rules resolver and
// components/form's FormField); measured again the same day with the lightest binding (useForm and register
// straight onto the ui Field, the libs rules resolver): 31.91 kB against 16.63 kB, since react-hook-form
// comes as the one chunk the journey forms share (15.06 kB) and /login also loads XState (12.50 kB). So its
// two fields stay in useState, checked by the libs rules on submit, each message kept until the next submit.
import { useMachine } from '@xstate/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/translation';
import { fromPromise } from 'xstate';
import { ACCOUNT_CODES, LOGIN_RULES, validateForm } from '@portal/libs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useErrorSummary } from '../../components/ui/error-summary';
import { Field } from '../../components/ui/field';
import { storeUserName } from '../../lib/storage';
import { loginSearch, resumePath, startSession } from '../../lib/session';
import { accountApi } from '../../lib/account-api';
import { CodeStep } from './code-step';
import { loginMachine } from './login.machine';

export function LoginPage() {
  const { t } = useTranslation();
  const { formRef, report, clear, summary } = useErrorSummary();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, send] = useMachine(
    loginMachine.provide({
      actors: {
        login: fromPromise(async ({ input }) => {
          const answer = await accountApi.login(input.username.trim(), input.password);
          if (!answer?.message || !answer.username) throw new Error(ACCOUNT_CODES.unableToLogin);
          storeUserName(answer.username);
          return answer.data;
        }),
        resend: fromPromise(({ input }) => accountApi.sendCode(input.username.trim())),
        confirm: fromPromise(async ({ input }) => {
          const answer = await accountApi.confirmSignUp(input.username.trim(), input.password, input.code);
          if (answer.$metadata?.httpStatusCode !== 200) throw new Error(ACCOUNT_CODES.unableToConfirm);
          storeUserName(answer.username);
          return answer.data;
        }),
      },
    }),
  );

  // After a session ended: back to the page it ended on (a path of this site only, loginSearch).
  // Read from the address, not with the router's useSearch: a router hook in this chunk made Rolldown split
  // the router out of the entry, 1.5 kB more on the first visit (size-limit, 2026-11-26).
  const [{ signedOut, next }] = useState(() =>
    loginSearch(Object.fromEntries(new URLSearchParams(window.location.search))),
  );
  useEffect(() => {
    if (!state.matches('done')) return;
    // The sign-in's answer carried the session's user: no read of it after.
    void startSession(queryClient, state.context.user).then((session) => navigate({ to: next ?? resumePath(session) }));
  }, [state, navigate, queryClient, next]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateForm(LOGIN_RULES, form);
    setErrors(found);
    if (Object.keys(found).length) return report();
    clear();
    send({ type: 'credentials.submit', ...form });
  };
  // Done stays on the step that ended, busy, until the next page is there: neither form comes back for a
  // moment while it loads.
  const done = state.matches('done');
  const onCode =
    state.matches('code') ||
    state.matches('confirming') ||
    state.matches('resending') ||
    (done && state.context.byCode);
  return (
    <div className="auth-layout single">
      <section className="card auth-card">
        <h1>{t('login.title')}</h1>
        {onCode ? (
          <CodeStep
            destination={state.context.destination}
            busy={state.matches('confirming') || done}
            resending={state.matches('resending')}
            error={state.context.error}
            onConfirm={(code) => send({ type: 'code.submit', code })}
            onResend={() => send({ type: 'code.resend' })}
          />
        ) : (
          <form onSubmit={submit} noValidate ref={formRef}>
            {summary}
            <p className="lead">{t('login.lead')}</p>
            {signedOut && !state.context.error ? <Alert kind="warning">{t('login.signedOut')}</Alert> : null}
            {state.context.error ? <Alert>{state.context.error}</Alert> : null}
            <Field
              label={t('login.email')}
              name="username"
              type="email"
              autoComplete="username"
              value={form.username}
              onChange={(e) => setForm((f) => ({ ...f, username: e.target.value }))}
              error={errors.username}
            />
            <Field
              label={t('login.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              value={form.password}
              onChange={(e) => setForm((f) => ({ ...f, password: e.target.value }))}
              error={errors.password}
            />
            <Button type="submit" busy={state.matches('loggingIn') || done}>
              {t('login.submit')}
            </Button>
            <div className="auth-links">
              <Link to="/forgot-password">{t('login.forgot')}</Link>
              <Link to="/sign-up">{t('login.noAccount')}</Link>
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
