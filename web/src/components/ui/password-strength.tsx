import { useTranslation } from '../../i18n/translation';
import { PASSWORD_MAX_LENGTH, passwordStrength } from '@portal/libs';
import { Field } from './field';

/** Advisory only: the password rules decide, so the meter never blocks the form. */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation();
  // Always there, at its height: a live region must exist before it speaks, and the fields and button below
  // must not move when the meter comes (under the pointer, for a password typed before the page's code ran).
  if (!password) return <div className="strength" aria-live="polite" />;
  const { score, label } = passwordStrength(password);
  return (
    <div className={`strength strength-${score}`} aria-live="polite">
      <div className="strength-bar" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <span key={i} className={i < score ? 'on' : ''} />
        ))}
      </div>
      <span className="strength-label">{t('form.passwordStrength', { label: t(`form.strength.${label}`) })}</span>
    </div>
  );
}

/** A new password and its re-entry, as sign-up and the password reset both ask them. */
export function NewPasswordFields(props: {
  labels: { password: string; confirmPassword: string };
  values: { password: string; confirmPassword: string };
  errors: { password?: string; confirmPassword?: string };
  onChange: (field: 'password' | 'confirmPassword', value: string) => void;
}) {
  return (
    <>
      {(['password', 'confirmPassword'] as const).map((name) => (
        <Field
          key={name}
          label={props.labels[name]}
          name={name}
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          value={props.values[name]}
          onChange={(e) => props.onChange(name, e.target.value)}
          error={props.errors[name]}
          // The strength meter follows the new password only.
          after={name === 'password' ? <PasswordStrength password={props.values.password} /> : undefined}
        />
      ))}
    </>
  );
}
