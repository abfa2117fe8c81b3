import { describe, expect, it } from 'vitest';
import { renderReminderEmail } from './reminder-email';

describe('the reminder email', () => {
  it('greets by name and links back to the saved step, the links in English', () => {
    const e = renderReminderEmail({
      firstName: 'Grace',
      company: 'Compilers Inc',
      reminder: 1,
      stepUrl: 'https://apply.fundwise.example/owners',
      statusUrl: 'https://apply.fundwise.example/status',
    });
    expect(e.subject).toBe('Your funding application for Compilers Inc is waiting for you');
    expect(e.text).toContain('Hi Grace');
    expect(e.text).toContain('https://apply.fundwise.example/owners?lng=en\n');
    expect(e.html).toContain('href="https://apply.fundwise.example/owners?lng=en"');
    expect(e.text).toContain('See where your application stands:\nhttps://apply.fundwise.example/status?lng=en\n');
    expect(e.html).toContain('href="https://apply.fundwise.example/status?lng=en"');
  });

  it('is written in Canadian French for an account in French, its links opening the portal in French', () => {
    const e = renderReminderEmail({
      firstName: 'Grace',
      company: 'Compilateurs inc.',
      reminder: 2,
      stepUrl: 'https://apply.fundwise.example/owners',
      statusUrl: 'https://apply.fundwise.example/status',
      language: 'fr-CA',
    });
    expect(e.subject).toBe('Toujours intéressé? Votre demande pour Compilateurs inc. est enregistrée');
    expect(e.text.startsWith('Bonjour Grace,')).toBe(true);
    expect(e.html).toContain('lang="fr-CA"');
    // Read on a phone set to English, the portal still opens in French (the web reads ?lng= on arrival).
    expect(e.text).toContain('\nhttps://apply.fundwise.example/owners?lng=fr-CA\n');
    expect(e.text).toContain('\nhttps://apply.fundwise.example/status?lng=fr-CA\n');
    expect(e.html).toContain('href="https://apply.fundwise.example/owners?lng=fr-CA"');
    expect(e.html).toContain('href="https://apply.fundwise.example/status?lng=fr-CA"');
    expect(e.html).not.toContain('lng=en');
  });

  it('is written in US Spanish for an account in Spanish, both reminders, its links opening the portal in Spanish', () => {
    const at = (reminder: 1 | 2, firstName = 'Ana', company = 'Taquería López LLC') =>
      renderReminderEmail({
        firstName,
        company,
        reminder,
        stepUrl: 'https://apply.fundwise.example/owners',
        statusUrl: 'https://apply.fundwise.example/status',
        language: 'es-US',
      });
    const first = at(1);
    expect(first.subject).toBe('Su solicitud de financiamiento para Taquería López LLC sigue pendiente');
    expect(first.text.split('\n')).toEqual([
      'Hola, Ana:',
      '',
      'Su solicitud para Taquería López LLC está guardada donde la dejó. Termínela en unos minutos:',
      'https://apply.fundwise.example/owners?lng=es-US',
      '',
      'Vea en qué punto está su solicitud:',
      'https://apply.fundwise.example/status?lng=es-US',
      '',
      'Si ya no necesita financiamiento, puede ignorar este correo electrónico.',
    ]);
    expect(first.html).toContain('lang="es-US"');
    expect(first.html).toContain('Continuar su solicitud');
    expect(first.html).toContain('href="https://apply.fundwise.example/status?lng=es-US"');
    const second = at(2, 'https://evil.example', 'Acme, call +1-555-0100');
    expect(second.subject).toBe('¿Todavía le interesa? Su solicitud para su empresa está guardada');
    expect(second.text).toContain('Hola:\n\nGuardamos su solicitud para su empresa tal como la dejó.');
    expect(second.html).not.toContain('lng=en');
  });

  it('never carries a stranger’s words: a name with a link or a phone number is left out, HTML escaped', () => {
    const e = renderReminderEmail({
      firstName: 'there. Call +1-555-0100 or visit https://evil.example',
      company: '<b>Acme</b> see evil.example',
      reminder: 2,
      stepUrl: 'https://apply.fundwise.example/financial',
      statusUrl: 'https://apply.fundwise.example/status',
    });
    expect(e.text.startsWith('Hello,')).toBe(true);
    expect(e.subject).toBe('Still interested? Your application for your business is saved');
    expect(e.html).not.toContain('evil.example');
    expect(e.html).not.toContain('<b>Acme');
  });
});
