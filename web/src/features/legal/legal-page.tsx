import type { ReactNode } from 'react';
import { useFormat } from '../../i18n/format';
import type { Language } from '../../i18n/i18n';
import { useLanguage } from '../../i18n/use-language';
import { SUPPORT_PHONE, SUPPORT_PHONE_HREF } from '../../lib/support';

export type LegalSection = { heading: string; body: ReactNode };

/** A legal document in one language. A translation says so, and which version prevails (`translationNote`). */
export type LegalText = {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
  footer: ReactNode;
  translationNote?: ReactNode;
};

/** A plain document page: a title, a short introduction, then headed sections of prose. */
export function LegalPage(props: LegalText & { lang: Language }) {
  return (
    <article className="card wide legal" lang={props.lang}>
      <h1>{props.title}</h1>
      {props.translationNote ? <p className="legal-translation">{props.translationNote}</p> : null}
      <p className="lead">{props.intro}</p>
      {props.sections.map((s) => (
        <section key={s.heading}>
          <h2>{s.heading}</h2>
          {s.body}
        </section>
      ))}
      <p className="muted">{props.footer}</p>
    </article>
  );
}

/**
 * A legal document in the language shown, kept whole in each language that has it; in a language that
 * has none yet, the English one, marked as English for screen readers.
 */
export function LegalDocumentPage({
  versions,
}: {
  versions: { en: LegalText } & Partial<Record<Language, LegalText>>;
}) {
  const lng = useLanguage();
  const own = versions[lng];
  return own ? <LegalPage {...own} lang={lng} /> : <LegalPage {...versions.en} lang="en" />;
}

/** The support line, written as the language shown writes a phone number. */
export function SupportPhoneLink() {
  const fmt = useFormat();
  return <a href={SUPPORT_PHONE_HREF}>{fmt.phone(SUPPORT_PHONE)}</a>;
}
