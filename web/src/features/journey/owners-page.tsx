import { AddressLookup } from '../address/address-lookup';
import { leavePage } from './journey.machine';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import {
  CA_PROVINCES,
  COUNTRIES,
  MAX_OWNERS,
  OWNER_RULES,
  PHONE_INPUT_MAX_LENGTH,
  US_STATES,
  YES_NO,
  checkOwnerSet,
  formatPhone,
  formatSsn,
  validateForm,
} from '@portal/libs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ChoiceField } from '../../components/ui/choice-field';
import { Field } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { api } from '../../lib/http';
import { refreshSession, sessionQueryOptions } from '../shell/session';
import { businessQueryOptions } from './journey-api';

type Owner = Record<string, string>;
type OwnerSetView = {
  _id: string;
  owners: (Record<string, string> & { addressData?: Record<string, string> })[];
  sameAsBusinessInfo: boolean;
};
/** The owners page is the third step of BUSINESS (section 4). */
const OWNERS_STEP = { pageName: 'BUSINESS', pageStep: 3 };

const FIELDS = [
  'firstName',
  'lastName',
  'country',
  'address',
  'city',
  'state',
  'zip',
  'ownerEmailId',
  'dateOfBirth',
  'phoneNumber',
  'ownershipPercent',
  'creditReport',
  'ssn',
  'isUSCitizen',
];
const blank = (): Owner => ({ ...Object.fromEntries(FIELDS.map((f) => [f, ''])), country: 'US' });
const regions = (country: string) =>
  Object.entries(country === 'CA' ? CA_PROVINCES : US_STATES).map(([value, label]) => ({ value, label }));

function fromView(o: OwnerSetView['owners'][number]): Owner {
  const a = o.addressData ?? {};
  return {
    ...blank(),
    ...Object.fromEntries(FIELDS.map((f) => [f, o[f] === undefined || o[f] === null ? '' : String(o[f])])),
    country: a.country || 'US',
    address: a.address ?? '',
    city: a.city ?? '',
    state: a.state ?? '',
    zip: a.zip ?? '',
  };
}

/** Section 2 '/owners': one or two owner cards, the set rules on submit, then /signature. */
export function OwnersPage() {
  const { data: user } = useQuery(sessionQueryOptions());
  const app = user?.applications[0];
  const set = useQuery({
    queryKey: ['owners', app?._id],
    enabled: !!app,
    queryFn: () => api.post<OwnerSetView>('/owner', { applicationId: app!._id }),
  });
  if (!set.data || !app)
    return (
      <section className="card wide">
        <h1>Business ownership information</h1>
        <p className="loading">Loading your application…</p>
      </section>
    );
  return <OwnersForm key={set.data._id} view={set.data} />;
}

function OwnersForm({ view }: { view: OwnerSetView }) {
  const { data: user } = useQuery(sessionQueryOptions());
  const app = user?.applications[0];
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const business = useQuery(businessQueryOptions(app?._id));
  const [owners, setOwners] = useState<Owner[]>(view.owners.length ? view.owners.map(fromView) : [blank()]);
  const [same, setSame] = useState(view.sameAsBusinessInfo);
  const [open, setOpen] = useState<boolean[]>([true, true]);
  const [shown, setShown] = useState<boolean[]>([false, false]);
  const [errors, setErrors] = useState<Record<string, string>[]>([]);
  const [warning, setWarning] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const update = (i: number, k: string, raw: string) => {
    setOwners((list) =>
      list.map((o, j) => {
        if (j !== i) return o;
        if (k === 'country') return { ...o, country: raw, address: '', city: '', state: '', zip: '', ssn: '' };
        if (k === 'phoneNumber') return { ...o, phoneNumber: formatPhone(raw) };
        if (k === 'ssn') return { ...o, ssn: formatSsn(o.country, raw) };
        if (k === 'ownershipPercent')
          return { ...o, ownershipPercent: raw === '' ? '' : String(Math.min(100, Number(raw))) };
        if (k === 'dateOfBirth') return { ...o, dateOfBirth: raw.slice(0, 10) };
        return { ...o, [k]: raw };
      }),
    );
    setErrors((all) => all.map((e, j) => (j === i ? { ...e, [k]: '' } : e)));
  };

  function copyBusiness(checked: boolean) {
    setSame(checked);
    const b = business.data;
    if (!checked || !b) return;
    const a = b.addressData;
    setOwners((list) =>
      list.map((o, i) =>
        i === 0
          ? {
              ...o,
              ownerEmailId: b.businessEmail ?? '',
              phoneNumber: b.phoneNumber ?? '',
              country: a?.country || 'US',
              address: a?.address ?? '',
              city: a?.city ?? '',
              state: a?.state ?? '',
              zip: a?.zip ?? '',
            }
          : o,
      ),
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = owners.map((o) => validateForm(OWNER_RULES, o));
    setErrors(found);
    const bad = found.findIndex((f) => Object.keys(f).length > 0);
    if (bad >= 0) {
      setOpen((o) => o.map((v, i) => (i === bad ? true : v)));
      return;
    }
    const problem = checkOwnerSet(owners);
    if (problem?.addSecondOwner) {
      setOwners((list) => [...list, blank()]);
      setOpen([true, true]);
      return setWarning(problem.message);
    }
    if (problem) return setError(problem.message);
    setBusy(true);
    setError(undefined);
    void (async () => {
      try {
        await api.patch(`/owner/${view._id}`, { owners, sameAsBusinessInfo: same });
        if (app) await leavePage({ applicationId: app._id, saved: app.stage }, OWNERS_STEP, 'next');
        await refreshSession(queryClient);
        await navigate({ to: '/signature' });
      } catch (err) {
        setError((err as Error).message);
      } finally {
        setBusy(false);
      }
    })();
  }

  async function back() {
    if (app) await leavePage({ applicationId: app._id, saved: app.stage }, OWNERS_STEP, 'back');
    await refreshSession(queryClient);
    await navigate({ to: '/business' });
  }

  return (
    <section className="card wide">
      <h1>Business ownership information</h1>
      <p className="lead">Owners with a combined 50% or more must be on the application. The first two owners sign.</p>
      {warning ? <Alert kind="warning">{warning}</Alert> : null}
      {error ? <Alert>{error}</Alert> : null}
      <form onSubmit={submit} noValidate>
        <label className="choice-option check-line">
          <input type="checkbox" checked={same} onChange={(e) => copyBusiness(e.target.checked)} />
          Same as business information
        </label>
        {owners.map((o, i) => {
          const ca = o.country === 'CA';
          const err = errors[i] ?? {};
          const f = (k: string, label: string, extra: Record<string, unknown> = {}) => (
            <Field
              label={label}
              name={`${k}-${i}`}
              value={o[k] ?? ''}
              onChange={(e) => update(i, k, e.target.value)}
              error={err[k]}
              maxLength={200}
              {...extra}
            />
          );
          return (
            <details
              key={i}
              className="owner-card"
              open={open[i]}
              onToggle={(e) => {
                const isOpen = (e.target as HTMLDetailsElement).open;
                setOpen((v) => v.map((x, j) => (j === i ? isOpen : x)));
              }}
            >
              <summary>
                <span className="owner-title">Owner #{i + 1}</span>
                {i === 0 ? <span className="badge">Primary</span> : null}
              </summary>
              <div className="grid-2">
                {f('firstName', 'First name', { autoComplete: i === 0 ? 'given-name' : 'off' })}
                {f('lastName', 'Last name', { autoComplete: i === 0 ? 'family-name' : 'off' })}
                <AddressLookup
                  label="Home address lookup"
                  onFound={(a) =>
                    setOwners((list) =>
                      list.map((x, j) =>
                        j === i
                          ? {
                              ...x,
                              address: a.address,
                              city: a.city,
                              state: a.state,
                              zip: a.zip,
                              country: a.country,
                              ssn: a.country === x.country ? (x.ssn ?? '') : '',
                            }
                          : x,
                      ),
                    )
                  }
                />
                <SelectField
                  label="Country of residence"
                  name={`country-${i}`}
                  options={Object.entries(COUNTRIES).map(([value, label]) => ({ value, label }))}
                  value={o.country ?? 'US'}
                  onChange={(e) => update(i, 'country', e.target.value)}
                  error={err.country}
                />
                {f('address', 'Home address')}
                {f('city', 'City', { maxLength: 40 })}
                <SelectField
                  label={ca ? 'Province / territory' : 'State'}
                  name={`state-${i}`}
                  options={regions(o.country ?? 'US')}
                  value={o.state ?? ''}
                  onChange={(e) => update(i, 'state', e.target.value)}
                  error={err.state}
                />
                {f('zip', ca ? 'Postal code' : 'Zip code', { maxLength: ca ? 7 : 5 })}
                {f('ownerEmailId', 'Email', { type: 'email' })}
                {f('dateOfBirth', 'Date of birth', { type: 'date', max: '9999-12-31' })}
                {f('phoneNumber', 'Phone', {
                  type: 'tel',
                  maxLength: PHONE_INPUT_MAX_LENGTH,
                  placeholder: '(123) 456-7890',
                })}
                {f('ownershipPercent', 'Percent ownership', { type: 'number', min: 0, max: 100, inputMode: 'numeric' })}
                {f('creditReport', 'Estimated credit score', {
                  type: 'number',
                  min: 300,
                  max: ca ? 900 : 850,
                  inputMode: 'numeric',
                })}
                {f('ssn', ca ? 'SIN' : 'SSN', {
                  type: shown[i] ? 'text' : 'password',
                  inputMode: 'numeric',
                  maxLength: 11,
                  autoComplete: 'off',
                  after: (
                    <Button variant="link" onClick={() => setShown((s) => s.map((v, j) => (j === i ? !v : v)))}>
                      {shown[i] ? 'Hide' : 'Show'}
                    </Button>
                  ),
                })}
                <ChoiceField
                  label="US citizen?"
                  name={`isUSCitizen-${i}`}
                  value={o.isUSCitizen ?? ''}
                  options={YES_NO}
                  error={err.isUSCitizen}
                  onChange={(v) => update(i, 'isUSCitizen', v)}
                />
              </div>
              {i > 0 ? (
                <Button
                  variant="secondary"
                  onClick={() => {
                    setOwners((list) => list.filter((_, j) => j !== i));
                    setErrors((all) => all.filter((_, j) => j !== i));
                  }}
                >
                  Remove
                </Button>
              ) : null}
            </details>
          );
        })}
        {owners.length <= 1 && owners.length < MAX_OWNERS ? (
          <Button
            variant="secondary"
            onClick={() => {
              setOwners((list) => [...list, blank()]);
              setOpen([true, true]);
            }}
          >
            Add Another Owner
          </Button>
        ) : null}
        <div className="form-actions">
          <Button variant="secondary" onClick={() => void back()} disabled={busy}>
            Back
          </Button>
          <Button type="submit" busy={busy} disabled={busy}>
            Proceed
          </Button>
        </div>
      </form>
    </section>
  );
}
