import { useTranslation } from 'react-i18next';
import { passwordStrength } from '@portal/libs';

/** Advisory only (section 5): it never blocks the form. */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation();
  if (!password) return null;
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
