/** The one loading state: a route's data on its way, or a page's own wait with its spec text. */
export function Loading({ label = 'Loading your application...' }: { label?: string }) {
  return (
    <section className="card narrow">
      <p className="loading" role="status">
        {label}
      </p>
    </section>
  );
}
