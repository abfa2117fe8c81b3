import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <section className="card narrow not-found">
      <p className="big-404">404</p>
      <h1>We couldn’t find that page</h1>
      <p className="lead">The link may be old, or the address mistyped.</p>
      <Link className="btn btn-primary" to="/">
        Go to my application
      </Link>
    </section>
  );
}
