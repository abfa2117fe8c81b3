import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useForm, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/translation';
import { ACCOUNT_CODES, ACCOUNT_MESSAGES, RESET_CONFIRM_RULES, RESET_REQUEST_RULES } from '@portal/libs';
import { useClearOnEdit } from '../../components/form/clear-on-edit';
import { FormField } from '../../components/form/form-fields';
import { FormNewPasswordFields } from '../../components/form/new-password-fields';
import { rulesResolver } from '../../components/form/rules-resolver';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useErrorSummary } from '../../components/ui/error-summary';
import { accountApi } from '../../lib/account-api';
import { CODE_INPUT, digits } from './code-input';

type Step = 'email' | 'code' | 'done';
type ResetValues = { username: string; code: string; password: string; confirmPassword: string };

/**
 * The page's calls to the api, one at a time: a second press before the button shows busy is the same
 * action (the form's validation is asynchronous). The server's message shows above the form, and its
 * field messages under their fields.
 */
function useResetCall(form: UseFormReturn<ResetValues>, onStart: () => void) {
  const inFlight = useRef(false);
  const call = useMutation({
    mutationFn: (action: () => Promise<void>) => action(),
    onMutate: onStart,
    onError: (e) => {
      const fields = (e as { fields?: Record<string, string> }).fields ?? {};
      for (const [name, message] of Object.entries(fields))
        form.setError(name as Path<ResetValues>, { type: 'server', message });
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });
  const run = (action: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    call.mutate(action);
  };
  return { run, busy: call.isPending, error: call.error?.message };
}

/** '/forgot-password': email, then code and the new password twice, then the notice. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { formRef, report, clear, summary } = useErrorSummary<HTMLDivElement>();
  const [step, setStep] = useState<Step>('email');
  // Checked on submit, each step by its own rules; an edited field's message goes at once.
  const form = useForm<ResetValues>({
    defaultValues: { username: '', code: '', password: '', confirmPassword: '' },
    resolver: rulesResolver(step === 'email' ? RESET_REQUEST_RULES : RESET_CONFIRM_RULES),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  useClearOnEdit(form);
  const call = useResetCall(form, clear);
  const run = call.run;

  const requestCode = form.handleSubmit(
    (values) =>
      run(async () => {
        const answer = await accountApi.forgotPassword(values.username.trim());
        if (!answer?.deliveryMedium || !answer.destination) throw new Error(ACCOUNT_CODES.somethingWentWrong);
        setStep('code');
      }),
    report,
  );
  const change = form.handleSubmit(
    (values) =>
      run(async () => {
        const answer = await accountApi.confirmForgotPassword({ ...values, username: values.username.trim() });
        if (answer.message !== ACCOUNT_MESSAGES.success) throw new Error(ACCOUNT_CODES.somethingWentWrong);
        setStep('done');
      }),
    report,
  );
  const busy = call.busy;

  return (
    <div className="auth-layout single">
      <section className="card auth-card">
        <h1>{t('reset.title')}</h1>
        {call.error ? <Alert>{call.error}</Alert> : null}
        <div ref={formRef}>
          {summary}
          {step === 'email' ? (
            <form onSubmit={requestCode} noValidate>
              <p className="lead">{t('reset.lead')}</p>
              <FormField
                control={form.control}
                name="username"
                label={t('reset.email')}
                type="email"
                autoComplete="username"
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
              <p className="lead">{t('reset.codeSent', { email: form.getValues('username') })}</p>
              <FormField control={form.control} label={t('reset.code')} {...CODE_INPUT} mask={digits} />
              <FormNewPasswordFields
                control={form.control}
                labels={{ password: t('reset.newPassword'), confirmPassword: t('reset.reEnter') }}
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
