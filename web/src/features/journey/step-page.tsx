/** Screens of the later stages (issues 4 to 6): their title, while the screen itself is built. */
export function StepPage({ title }: { title: string }) {
  return (
    <section className="card narrow">
      <h1>{title}</h1>
      <p className="lead">This step of the online application is coming soon. Your answers so far are saved.</p>
    </section>
  );
}
