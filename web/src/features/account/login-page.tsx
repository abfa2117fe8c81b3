import { useMachine } from '@xstate/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/translation';
import { fromPromise } from 'xstate';
import { ACCOUNT_MESSAGES, LOGIN_RULES } from '@portal/libs';
import { FormField } from '../../components/form/form-fields';
import { rulesResolver } from '../../components/form/rules-resolver';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useErrorSummary } from '../../components/ui/error-summary';
import { storeUserName } from '../../lib/storage';
import { refreshSession, resumePath } from '../../lib/session';
import { accountApi } from '../../lib/account-api';
import { CodeStep } from './code-step';
import { loginMachine } from './login.machine';

export function LoginPage() {
  const { t } = useTranslation();
  const { formRef, report, clear, summary } = useErrorSummary();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Checked on submit only: a message stays until the next submit.
  const form = useForm<{ username: string; password: string }>({
    defaultValues: { username: '', password: '' },
    resolver: rulesResolver(LOGIN_RULES),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [state, send] = useMachine(
    loginMachine.provide({
      actors: {
        login: fromPromise(async ({ input }) => {
          const answer = await accountApi.login(input.username.trim(), input.password);
          if (!answer?.message || !answer.username) throw new Error(ACCOUNT_MESSAGES.unableToLogin);
          storeUserName(answer.username);
        }),
        resend: fromPromise(({ input }) => accountApi.sendCode(input.username.trim())),
        confirm: fromPromise(async ({ input }) => {
          const answer = await accountApi.confirmSignUp(input.username.trim(), input.password, input.code);
          if (answer.$metadata?.httpStatusCode !== 200) throw new Error(ACCOUNT_MESSAGES.unableToConfirm);
          storeUserName(answer.username);
        }),
      },
    }),
  );

  useEffect(() => {
    if (!state.matches('done')) return;
    void refreshSession(queryClient).then((user) => navigate({ to: resumePath(user) }));
  }, [state, navigate, queryClient]);

  const submit = form.handleSubmit((values) => {
    clear();
    send({ type: 'credentials.submit', ...values });
  }, report);
  const onCode = state.matches('code') || state.matches('confirming') || state.matches('resending');
  return (
    <div className="auth-layout single">
      <section className="card auth-card">
        <h1>{t('login.title')}</h1>
        {onCode ? (
          <CodeStep
            destination={state.context.destination}
            busy={state.matches('confirming')}
            resending={state.matches('resending')}
            error={state.context.error}
            onConfirm={(code) => send({ type: 'code.submit', code })}
            onResend={() => send({ type: 'code.resend' })}
          />
        ) : (
          <form onSubmit={submit} noValidate ref={formRef}>
            {summary}
            <p className="lead">{t('login.lead')}</p>
            {state.context.error ? <Alert>{state.context.error}</Alert> : null}
            <FormField
              control={form.control}
              name="username"
              label={t('login.email')}
              type="email"
              autoComplete="username"
            />
            <FormField
              control={form.control}
              name="password"
              label={t('login.password')}
              type="password"
              autoComplete="current-password"
            />
            <Button type="submit" busy={state.matches('loggingIn')}>
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
