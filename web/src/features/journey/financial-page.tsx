import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { CURRENCY_INPUT_MAX_LENGTH, FINANCIAL_RULES, formatCurrency, validateForm } from '@portal/libs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { api } from '../../lib/http';
import { storedAmountRequested } from '../../lib/storage';
import { refreshSession, sessionQueryOptions } from '../shell/session';
import { journeyApi } from './journey-api';

type Business = { _id: string; annualRevenue?: number; amountRequested?: number };
const asCurrency = (n: number | string | undefined) => (n === undefined || n === '' ? '' : formatCurrency(String(n)));

/** Section 2 '/financial': annual revenue and amount requested; submit saves, then moves to /business. */
export function FinancialPage() {
  const { data: user } = useQuery(sessionQueryOptions());
  const application = user?.applications[0];
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const business = useQuery({
    queryKey: ['business', application?._id],
    enabled: !!application,
    queryFn: () => api.post<Business>('/business', { applicationId: application!._id }),
  });
  const [form, setForm] = useState({ annualRevenue: '', amountRequested: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!business.data) return;
    setForm({
      annualRevenue: asCurrency(business.data.annualRevenue),
      amountRequested: asCurrency(business.data.amountRequested ?? storedAmountRequested()),
    });
  }, [business.data]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateForm(FINANCIAL_RULES, form);
    setErrors(found);
    if (Object.keys(found).length || !business.data || !application) return;
    setBusy(true);
    setError(undefined);
    try {
      await api.patch(`/business/${business.data._id}`, { section: 'financial', ...form });
      if (application.stage?.pageName === 'FINANCIAL')
        await journeyApi.moveStage(application._id, { to: 'next', from: { pageName: 'FINANCIAL', pageStep: 1 } });
      await refreshSession(queryClient);
      await navigate({ to: '/business' });
    } catch (err) {
      setError((err as Error).message);
      setErrors((prev) => ({ ...prev, ...((err as { fields?: Record<string, string> }).fields ?? {}) }));
    } finally {
      setBusy(false);
    }
  }

  const set = (k: keyof typeof form, v: string) => {
    setForm((f) => ({ ...f, [k]: formatCurrency(v) }));
    setErrors((er) => ({ ...er, [k]: '' }));
  };
  return (
    <section className="card narrow">
      <h1>Annual revenue and amount requested</h1>
      <p className="lead">A rough figure is fine. We use it to find the offers that fit your business.</p>
      {error ? <Alert>{error}</Alert> : null}
      {business.isPending ? <p className="loading">Loading your application…</p> : null}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label="Annual revenue"
          name="annualRevenue"
          inputMode="decimal"
          placeholder="$0"
          maxLength={CURRENCY_INPUT_MAX_LENGTH}
          value={form.annualRevenue}
          onChange={(e) => set('annualRevenue', e.target.value)}
          error={errors.annualRevenue}
        />
        <Field
          label="Amount requested"
          name="amountRequested"
          inputMode="decimal"
          placeholder="$0"
          maxLength={CURRENCY_INPUT_MAX_LENGTH}
          value={form.amountRequested}
          onChange={(e) => set('amountRequested', e.target.value)}
          error={errors.amountRequested}
        />
        <Button type="submit" busy={busy} disabled={!business.data}>
          Continue
        </Button>
      </form>
    </section>
  );
}
