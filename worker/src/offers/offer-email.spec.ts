import { describe, expect, it } from 'vitest';
import { renderOfferEmail } from './offer-email';

// Names typed by the applicant must not carry links or lines of their own into our email.
const ATTACK = 'there. Your account is locked, call +1-555-0100 or visit https://evil.example';
const option = {
  offeredAmount: '25000',
  monthlyTerm: '12',
  totalPayment: '30000',
  noOfdailyPayments: '252',
  dailyPayment: '119.05',
  noOfweeklyPayments: '52',
  weeklyPayment: '576.92',
};

describe('email content injection — the offer email', () => {
  it('shows neither an injected first name nor an injected business name', () => {
    const mail = renderOfferEmail({
      firstName: ATTACK,
      company: 'Acme\nYour account is locked: visit evil.example',
      offerType: 'standard',
      option,
      publicUrl: 'https://apply.fundwise.example',
    });
    expect(mail.subject).toBe('Your selected offer for your business');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Hello,');
      expect(part).not.toMatch(/evil|locked|555-0100/);
    }
  });

  it('shows ordinary names, escaped in the HTML', () => {
    const mail = renderOfferEmail({
      firstName: 'Katherine',
      company: 'Johnson & Sons <Orbital> LLC',
      offerType: 'standard',
      option,
      publicUrl: 'https://apply.fundwise.example',
    });
    expect(mail.subject).toBe('Your selected offer for Johnson & Sons <Orbital> LLC');
    expect(mail.text).toContain('Hi Katherine,');
    expect(mail.html).toContain('Hi Katherine,');
    expect(mail.html).toContain('<strong>Johnson &amp; Sons &lt;Orbital&gt; LLC</strong>');
  });
});

describe('the offer summary', () => {
  it('lists the standard option’s monthly payment, as the offer card does', () => {
    const mail = renderOfferEmail({
      firstName: 'Katherine',
      company: 'Orbital LLC',
      offerType: 'standard',
      option: { ...option, monthlyPayment: '2500.00' },
      publicUrl: 'https://apply.fundwise.example',
    });
    expect(mail.text).toContain('- Monthly payment: $2,500.00');
    expect(mail.html).toContain('Monthly payment');
  });
});

describe('the offer email in the account’s language', () => {
  it('writes to a French-speaking applicant in French, amounts as French writes them', () => {
    const mail = renderOfferEmail({
      firstName: 'Gabrielle',
      company: 'Boulangerie Roy inc.',
      offerType: 'standard',
      option: { ...option, monthlyPayment: '2500.00' },
      publicUrl: 'https://apply.fundwise.example',
      language: 'fr-CA',
    });
    expect(mail.subject).toBe('Votre offre choisie pour Boulangerie Roy inc.');
    expect(mail.text.split('\n')[0]).toBe('Bonjour Gabrielle,');
    expect(mail.text).toContain('- Paiement mensuel\u00a0: 2\u00a0500,00\u00a0$');
    expect(mail.text).toContain('- Durée\u00a0: 12 mois');
    expect(mail.html).toContain('<html lang="fr-CA">');
    expect(mail.html).toContain('Voir votre demande');
  });
});

describe('the offer email in US Spanish', () => {
  const line = { maxAmount: '10000.00', termYears: '2', monthlyInterestRate: '1.50', monthlyPayments: '499.24' };
  const es = (offerType: 'standard' | 'lineOfCredit', firstName = 'Ana', company = 'Taquería López LLC') =>
    renderOfferEmail({
      firstName,
      company,
      offerType,
      option: offerType === 'standard' ? { ...option, monthlyPayment: '2500.00' } : line,
      publicUrl: 'https://apply.fundwise.example',
      language: 'es-US',
    });

  it('writes every word in Spanish, amounts and rates as es-US writes them', () => {
    const mail = es('standard');
    expect(mail.subject).toBe('Su oferta elegida para Taquería López LLC');
    expect(mail.text.split('\n')).toEqual([
      'Hola, Ana:',
      '',
      'Gracias por elegir su oferta para Taquería López LLC. Este es el resumen:',
      '- Monto del financiamiento: $25,000.00',
      '- Plazo: 12 meses',
      '- Reembolso total: $30,000.00',
      '- Pago mensual: $2,500.00',
      '- Pagos diarios: 252 × $119.05',
      '- o pagos semanales: 52 × $576.92',
      '- Tasa de porcentaje anual (APR) estimada: 37.5%',
      '',
      'Esta es una oferta preliminar: su solicitud está pendiente de revisión y su especialista en financiamiento se comunicará con usted.',
      'Su solicitud: https://apply.fundwise.example/offers?lng=es-US',
    ]);
    expect(mail.html).toContain('<html lang="es-US">');
    expect(mail.html).toContain('href="https://apply.fundwise.example/offers?lng=es-US"');
    expect(mail.html).toContain('Ver su solicitud');
    expect(mail.html).toContain('<strong>Taquería López LLC</strong>. Este es el resumen:');
  });

  it('a line of credit: its own rows in Spanish', () => {
    const { text } = es('lineOfCredit');
    expect(text).toContain('- Línea de crédito: $10,000.00');
    expect(text).toContain('- Plazo: 24 meses');
    expect(text).toContain('- Tasa de interés mensual: 1.5%');
    expect(text).toContain('- Pago mensual (línea de crédito usada por completo): $499.24');
    expect(text).toContain('- Reembolso total: $11,981.76');
  });

  it('greets neutrally and names no business when the names cannot be shown, and writes no English', () => {
    const mail = es('standard', ATTACK, 'Acme\nvisit evil.example');
    expect(mail.subject).toBe('Su oferta elegida para su empresa');
    expect(mail.text.split('\n')[0]).toBe('Hola:');
    for (const english of ['Hello', 'Thanks', 'summary', 'Funding amount', 'Term', 'payback', 'View your'])
      expect(mail.text + mail.html).not.toContain(english);
  });
});

describe('the offer email’s wording', () => {
  const mail = (language: string, company = 'Boulangerie Roy inc.') =>
    renderOfferEmail({
      firstName: 'Gabrielle',
      company,
      offerType: 'standard',
      option,
      publicUrl: 'https://apply.fundwise.example',
      language,
    });

  it('ends a sentence on a name with its own period once: no "inc.."', () => {
    for (const m of [mail('fr-CA'), mail('en')]) {
      expect(m.text).not.toContain('inc..');
      expect(m.html).not.toMatch(/inc\.<\/strong>\./);
    }
    expect(mail('fr-CA').text).toContain(
      'Merci d’avoir choisi votre offre pour Boulangerie Roy inc. En voici le résumé\u00a0:',
    );
    expect(mail('en', 'Orbital LLC').text).toContain(
      'Thanks for selecting your offer for Orbital LLC. Here is a summary:',
    );
    expect(mail('en', 'Orbital LLC').html).toContain('<strong>Orbital LLC</strong>. Here is a summary:');
  });

  it('sets the French no-break space before each colon, and none in English', () => {
    const fr = mail('fr-CA').text;
    expect(fr).toContain('Votre demande\u00a0: https://apply.fundwise.example/offers');
    expect(fr).not.toMatch(/\S:\s/);
    expect(mail('en').text).toContain('Your application: https://apply.fundwise.example/offers');
  });

  it('links to the portal in the email’s language, whatever the reader’s phone is set to', () => {
    const fr = mail('fr-CA');
    expect(fr.text).toMatch(/: https:\/\/apply\.fundwise\.example\/offers\?lng=fr-CA$/m);
    expect(fr.html).toContain('href="https://apply.fundwise.example/offers?lng=fr-CA"');
    expect(fr.html).not.toContain('lng=en');
    const en = mail('en');
    expect(en.text).toContain('Your application: https://apply.fundwise.example/offers?lng=en');
    expect(en.html).toContain('href="https://apply.fundwise.example/offers?lng=en"');
  });

  it('shows the estimated APR the offer card shows, in each language', () => {
    // 252 daily payments of $119.05 repaying $25,000: the card's estimatedApr, to one decimal.
    expect(mail('en').text).toContain('- Estimated APR: 37.5%');
    expect(mail('en').html).toContain('Estimated APR');
    expect(mail('fr-CA').text).toContain('- TAP estimé\u00a0: 37,5\u00a0%');
  });

  it('is fluid on a phone: no fixed width over 480 px without a max-width of 100%, and rates written as the screen writes them', () => {
    const line = {
      maxAmount: '10000.00',
      termYears: '2',
      monthlyInterestRate: '1.50',
      monthlyPayments: '499.24',
    };
    for (const language of ['en', 'fr-CA', 'es-US']) {
      for (const offerType of ['standard', 'lineOfCredit'] as const) {
        const { html } = renderOfferEmail({
          firstName: 'Ada',
          company: 'Acme',
          offerType,
          option: offerType === 'standard' ? option : line,
          publicUrl: 'https://apply.fundwise.example',
          language,
        });
        // Every element given a width: an attribute or a style over 480 px needs max-width:100% beside it.
        for (const tag of html.match(/<[a-z]+\b[^>]*>/g) ?? []) {
          const widths = [...tag.matchAll(/(?:\bwidth="|[;"]\s*width:\s*)(\d+)(?:px)?/g)].map((m) => Number(m[1]));
          if (widths.some((w) => w > 480)) expect(tag, tag).toMatch(/max-width:\s*100%/);
        }
        expect(html).toMatch(/max-width:\s*560px/);
        expect(html).toMatch(/width:100%/);
      }
    }
    const en = renderOfferEmail({
      firstName: 'Ada',
      company: 'Acme',
      offerType: 'lineOfCredit',
      option: line,
      publicUrl: 'u',
    });
    expect(en.text).toContain('- Monthly interest rate: 1.5%');
    expect(en.text).not.toContain('1.50%');
    // The card's term, payback and APR for a line of credit, as the screen writes them.
    expect(en.text).toContain('- Term: 24 months');
    expect(en.text).toContain('- Total payback: $11,981.76');
    expect(en.text).toContain('- Estimated APR: 18%');
    const fr = renderOfferEmail({
      firstName: 'Ada',
      company: 'Acme',
      offerType: 'lineOfCredit',
      option: line,
      publicUrl: 'u',
      language: 'fr-CA',
    });
    expect(fr.text).toContain('- Taux d’intérêt mensuel\u00a0: 1,5\u00a0%');
  });
});
