import { describe, expect, it } from 'vitest';
import { renderCodeEmail } from './code-email';

// This first name went verbatim into the code email, which goes to any address.
const ATTACK = 'there. Your account is locked, call +1-555-0100 or visit https://evil.example';

describe('email content injection — the code email', () => {
  it('greets neutrally and carries none of an injected first name, in text or HTML', () => {
    const mail = renderCodeEmail('confirm-sign-up', '123456', ATTACK, 'http://localhost:8080');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Hello,');
      expect(part).not.toMatch(/evil|locked|555|https:\/\/(?!localhost)/);
    }
    expect(mail.text).toContain('123456');
  });

  it('shows an ordinary first name, escaped in the HTML', () => {
    const mail = renderCodeEmail('reset-password', '654321', "Zoë <O'Neil>", 'http://localhost:8080');
    expect(mail.text.split('\n')[0]).toBe("Hi Zoë <O'Neil>,");
    expect(mail.html).toContain('Hi Zoë &lt;O&#39;Neil&gt;,');
    expect(mail.html).not.toContain('<O');
  });
});

describe('the code email in the account’s language', () => {
  it('writes to a French-speaking applicant in French, and to anyone else in English', () => {
    const fr = renderCodeEmail('confirm-sign-up', '123456', 'Gabrielle', 'http://localhost:8080', 'fr-CA');
    expect(fr.subject).toBe('Votre code de confirmation Fundwise');
    expect(fr.text.split('\n')[0]).toBe('Bonjour Gabrielle,');
    expect(fr.text).toContain('Le code expire dans 10 minutes');
    expect(fr.html).toContain('<html lang="fr-CA">');
    expect(renderCodeEmail('reset-password', '1', ATTACK, 'http://x', 'fr-CA').text.split('\n')[0]).toBe('Bonjour,');
    expect(renderCodeEmail('confirm-sign-up', '1', 'Ada', 'http://x', 'de').subject).toBe(
      'Your Fundwise confirmation code',
    );
  });
});

describe('the code emails in US Spanish', () => {
  it('writes each of the three in Spanish, with no English word of ours', () => {
    const kinds = ['confirm-sign-up', 'reset-password', 'account-exists'] as const;
    const subjects = kinds.map((k) => renderCodeEmail(k, '', 'Ana', 'http://localhost:8080', 'es-US').subject);
    expect(subjects).toEqual([
      'Su código de confirmación de Fundwise',
      'Su código para restablecer la contraseña de Fundwise',
      'Usted ya tiene una cuenta de Fundwise',
    ]);
    for (const kind of kinds) {
      const es = renderCodeEmail(
        kind,
        kind === 'account-exists' ? '' : '482913',
        'Ana',
        'http://localhost:8080',
        'es-US',
      );
      expect(es.text.split('\n')[0]).toBe('Hola, Ana:');
      expect(es.html).toContain('<html lang="es-US">');
      for (const english of ['Hi ', 'Hello', 'code expires', 'ignore this email', 'password', 'account'])
        expect(es.text + es.html).not.toContain(english);
    }
    const confirm = renderCodeEmail('confirm-sign-up', '482913', 'Ana', 'http://localhost:8080', 'es-US');
    expect(confirm.text).toContain('Ingrese este código para confirmar su correo electrónico:\n\n    482913');
    expect(confirm.text).toContain('El código vence en 10 minutos y solo se puede usar una vez.');
    expect(renderCodeEmail('reset-password', '1', ATTACK, 'http://x', 'es-US').text.split('\n')[0]).toBe('Hola:');
  });
});
