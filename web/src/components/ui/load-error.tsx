import { Alert } from './alert';
import { Button } from './button';

const UNKNOWN = 'Unknown error';

/** The one error state for a page whose data could not be loaded: the server's message and a retry. */
export function LoadError({ error, reset }: { error: unknown; reset?: () => void }) {
  const message = error instanceof Error && error.message ? error.message : UNKNOWN;
  return (
    <section className="card narrow">
      <Alert>{message}</Alert>
      {reset ? (
        <div className="form-actions">
          <Button onClick={reset}>Try again</Button>
        </div>
      ) : null}
    </section>
  );
}
