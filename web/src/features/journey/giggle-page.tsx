import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { refreshSession, sessionQueryOptions } from '../shell/session';
import { journeyApi } from './journey-api';

export const INSTANT_LENDER_URL = 'https://gigglefinance.com';

/** Section 2 '/giggle-finance': for applicants whose business has not started (the lead was closed on the way in). */
export function GigglePage() {
  const { data: user } = useQuery(sessionQueryOptions());
  const app = user?.applications[0];
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function back() {
    setBusy(true);
    try {
      await journeyApi.giggle(app!._id, 'back');
      await refreshSession(queryClient);
      await navigate({ to: '/business' });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="card narrow">
      <h1>It looks like you qualify for financing!</h1>
      {error ? <Alert>{error}</Alert> : null}
      <p className="lead">
        Businesses that are just getting started can get instant approval from our partner, with no fees and no impact
        on your credit.
      </p>
      <a className="btn btn-primary" href={INSTANT_LENDER_URL} target="_blank" rel="noreferrer">
        See my instant-approval offer
      </a>
      <div className="form-actions">
        <Button variant="secondary" busy={busy} onClick={() => void back()}>
          Back
        </Button>
      </div>
    </section>
  );
}
