import type { ReactNode } from 'react';

export type LegalSection = { heading: string; body: ReactNode };

/** A plain document page: a title, a short introduction, then headed sections of prose. */
export function LegalPage(props: { title: string; intro: ReactNode; sections: LegalSection[]; footer: ReactNode }) {
  return (
    <article className="card wide legal">
      <h1>{props.title}</h1>
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
