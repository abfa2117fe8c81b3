import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from '../../i18n/translation';
import { COMMON_CODES, RESEND_CODE_SECONDS } from '@portal/libs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { CODE_INPUT, digits } from './code-input';

type Props = {
  destination: string;
  busy: boolean;
  resending: boolean;
  error?: string;
  onConfirm: (code: string) => void;
  onResend: () => void;
  /** Back to the form, its answers kept, to correct a mistyped email. */
  onChangeEmail?: () => void;
};

/**
 * The emailed-code step shared by sign-up and login; resend opens after a 30-second countdown. Its one
 * field is held in useState, not react-hook-form: it is part of /sign-up's first visit (see the note at
 * the top of sign-up-page.tsx for the size budget's figures).
 */
export function CodeStep({ destination, busy, resending, error, onConfirm, onResend, onChangeEmail }: Props) {
  const { t } = useTranslation();
  // The step replaces the form in place: focus goes to its heading, not to the page's <body>.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const [left, setLeft] = useState(RESEND_CODE_SECONDS);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setMissing(true);
    onConfirm(code.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <h2 ref={heading} tabIndex={-1}>
        {t('code.title')}
      </h2>
      <p className="lead">
        <Trans
          i18nKey="code.sent"
          values={{ destination: destination || t('code.yourEmail') }}
          components={{ strong: <strong /> }}
        />
      </p>
      {onChangeEmail ? (
        <Button variant="link" onClick={onChangeEmail}>
          {t('code.changeEmail')}
        </Button>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      <Field
        label={t('code.label')}
        {...CODE_INPUT}
        value={code}
        onChange={(e) => {
          setCode(digits(e.target.value));
          setMissing(false);
        }}
        error={missing ? COMMON_CODES.required : undefined}
      />
      <Button type="submit" busy={busy}>
        {t('code.confirm')}
      </Button>
      <div className="resend">
        {left > 0 ? (
          <span>{t('code.resendIn', { seconds: left })}</span>
        ) : (
          <Button
            variant="link"
            busy={resending}
            onClick={() => {
              onResend();
              setLeft(RESEND_CODE_SECONDS);
            }}
          >
            {t('code.resend')}
          </Button>
        )}
      </div>
    </form>
  );
}
