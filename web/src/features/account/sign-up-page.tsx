// Not react-hook-form, by measure: the prerendered /sign-up keeps a lighter path. /sign-up is the first visit's
// page, prerendered and hydrated, inside the first-visit size budget (web/.size-limit.mjs). Measured on 2026-11-26
// with `vite build` and size-limit: the first visit is 130.95 kB with this page's useState form; with react-hook-form
// on this page (useForm, the libs rules resolver and components/form's FormField, as the journey forms) it is
// 146.95 kB, 13.52 kB over the budget. So the fields stay in useState here, checked by the same libs rules
// (validateForm) on submit, each message cleared as its field is edited (the password reset keeps that timing with
// useClearOnEdit). The code step it shows (code-step.tsx, also login's) is part of the same first visit and keeps its
// one field the same way. The phone library comes after the page has shown (lib/phone.ts).
import { useContext, useEffect, useLayoutEffect, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/translation';
import { ACCOUNT_CODES, SIGN_UP_RULES, validateForm, PHONE_INPUT_MAX_LENGTH, type SignUpForm } from '@portal/libs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useErrorSummary } from '../../components/ui/error-summary';
import { Field } from '../../components/ui/field';
import { currentLanguage } from '../../i18n/i18n';
import { NewPasswordFields } from '../../components/ui/password-strength';
import { affiliateId, storeUserName } from '../../lib/storage';
import { JourneyContext } from '../../lib/journey/use-journey';
import { resumePath } from '../../lib/resume';
import { Link, useNav } from '../../lib/nav';
import { accountApi } from '../../lib/account-api';
import { apiPhone, loadPhoneLibrary, shownPhone } from '../../lib/phone';
import { CodeStep } from './code-step';
import { TrustPanel } from './trust-panel';
import { createSignUpFlow } from './sign-up.flow';

const EMPTY: SignUpForm = {
  firstName: '',
  lastName: '',
  businessName: '',
  phone: '',
  email: '',
  password: '',
  confirmPassword: '',
};

export function SignUpPage() {
  const { t } = useTranslation();
  const { formRef, report, clear, summary } = useErrorSummary();
  // Stable while the page shows (routes/router-shell.tsx, first-visit.tsx).
  const { go, signedIn, preload } = useNav();
  const [form, setForm] = useState<SignUpForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [flow] = useState(() =>
    createSignUpFlow({
      register: (input) => accountApi.register({ ...input, phone: apiPhone(input.phone), language: currentLanguage() }),
      confirm: async (input) => {
        const answer = await accountApi.confirmSignUp(input.userName, input.password, input.code);
        if (answer.$metadata?.httpStatusCode !== 200) throw new Error(ACCOUNT_CODES.unableToConfirm);
        storeUserName(answer.username);
        // The code's answer starts the session and carries its user: no read of it after.
        return answer.data;
      },
      resend: async (input) => void (await accountApi.sendCode(input.userName)),
    }),
  );
  // The same snapshot for the server: the build prerenders this page (src/prerender.tsx).
  const state = useSyncExternalStore(flow.subscribe, flow.getSnapshot, flow.getSnapshot);
  const send = flow.send;
  const at = (...states: (typeof state.value)[]) => states.includes(state.value);
  // Done stays on the code step, busy, until the journey's first page is there: the form must not come back
  // for a moment (its Continue would do nothing) while that page loads.
  const onCode = at('code', 'confirming', 'resending', 'done');
  const { context } = state;

  useEffect(() => {
    if (state.value === 'done') void signedIn(state.context.user).then((session) => go(resumePath(session)));
  }, [state, go, signedIn]);

  const set = (k: keyof SignUpForm, v: string) => {
    setForm((f) => ({ ...f, [k]: k === 'phone' ? shownPhone(v) : v }));
    setErrors((e) => ({ ...e, [k]: '' }));
  };

  // The phone library comes once the page has shown: a phone typed before it is then shown its way.
  useEffect(() => {
    loadPhoneLibrary().then(
      () => setForm((f) => ({ ...f, phone: shownPhone(f.phone) })),
      () => undefined,
    );
  }, []);

  // Judged at once: before the library is here by the number's shape (lib/phone.ts); the api reads it with
  // the library and answers with the same messages.
  const submitWith = (values: SignUpForm) => {
    const found = validateForm(SIGN_UP_RULES, values);
    setErrors(found);
    if (Object.keys(found).length) return report();
    clear();
    send({ type: 'details.submit', form: { ...values, email: values.email.trim(), affiliateId: affiliateId() } });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    submitWith(form);
  };

  // A first visit sees this form before the app's code has run (index.html's prerender, src/prerender.tsx)
  // and may type into it, or the browser may fill it in: once hydrated, what the fields hold becomes the
  // form's state, before anything can render them empty again. From now on the form is React's, so
  // index.html's hold on its submit goes, and a submit it held is made, with what the fields hold.
  useLayoutEffect(() => {
    const fields = formRef.current?.elements;
    const typed = { ...EMPTY };
    for (const k of Object.keys(EMPTY) as (keyof SignUpForm)[]) {
      const input = fields?.namedItem(k);
      if (input instanceof HTMLInputElement) typed[k] = k === 'phone' ? shownPhone(input.value) : input.value;
    }
    // The fields' DOM is the outside system here, read once: the one render more is the point.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (Object.values(typed).some(Boolean)) setForm(typed);
    if (window.holdSubmit) {
      document.removeEventListener('submit', window.holdSubmit, true);
      delete window.holdSubmit;
    }
    if (window.submitHeld) {
      delete window.submitHeld;
      submitWith(typed);
    }
    // Once, as the form first shows: later, the state is what the fields show.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // While the applicant fetches the emailed code, the code of what comes next arrives: the journey actor
  // and /financial's chunks with the rest of the words (a new application starts there), so confirming
  // does not wait for them.
  const journey = useContext(JourneyContext);
  useEffect(() => {
    if (!onCode) return;
    void journey?.load();
    preload('/financial');
  }, [onCode, journey, preload]);

  // The server's field messages, unless the applicant has since edited that field.
  const shown: Record<string, string | undefined> = { ...context.fields, ...errors };
  return (
    <div className="auth-layout">
      <section className="card auth-card">
        <h1>{t('signUp.title')}</h1>
        {onCode ? (
          <CodeStep
            // The applicant's own email, in full, as they typed it (the server's answer masks it).
            destination={context.form?.email || context.destination}
            busy={at('confirming', 'done')}
            resending={at('resending')}
            error={context.error}
            onConfirm={(code) => send({ type: 'code.submit', code })}
            onResend={() => send({ type: 'code.resend' })}
            // Back to the form, with what was typed, focus on the email once it shows again.
            onChangeEmail={() => {
              send({ type: 'code.back' });
              setTimeout(() => (formRef.current?.elements.namedItem('email') as HTMLElement | null)?.focus());
            }}
          />
        ) : (
          <form onSubmit={submit} noValidate ref={formRef}>
            {summary}
            <p className="lead">{t('signUp.lead')}</p>
            {context.error ? <Alert>{context.error}</Alert> : null}
            <div className="grid-2">
              {(['firstName', 'lastName'] as const).map((k) => (
                <Field
                  key={k}
                  label={t(k === 'firstName' ? 'signUp.firstName' : 'signUp.lastName')}
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
              label={t('signUp.businessName')}
              name="businessName"
              autoComplete="organization"
              maxLength={200}
              value={form.businessName}
              onChange={(e) => set('businessName', e.target.value)}
              error={shown.businessName}
            />
            <Field
              label={t('signUp.phone')}
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
              label={t('signUp.email')}
              name="email"
              type="email"
              autoComplete="email"
              maxLength={200}
              value={form.email}
              onChange={(e) => set('email', e.target.value)}
              error={shown.email}
            />
            <NewPasswordFields
              labels={{ password: t('signUp.password'), confirmPassword: t('signUp.confirmPassword') }}
              values={form}
              errors={shown}
              onChange={set}
            />
            <Button type="submit" busy={at('registering')}>
              {t('app.continue')}
            </Button>
          </form>
        )}
        {/* A link in a button's clothes (the spec calls it a button): it only goes to /login. */}
        <Link to="/login" className="btn btn-link" role="button">
          {t('signUp.haveAccount')}
        </Link>
      </section>
      <TrustPanel />
    </div>
  );
}
