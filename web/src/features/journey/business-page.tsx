import { AddressLookup } from '../address/address-lookup';
import { leavePage } from './journey.machine';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import {
  BUSINESS_DETAILS_RULES,
  BUSINESS_QUESTION_RULES,
  CA_PROVINCES,
  COUNTRIES,
  CURRENCY_INPUT_MAX_LENGTH,
  LEGAL_ENTITIES,
  PHONE_INPUT_MAX_LENGTH,
  PRODUCTS,
  USE_OF_PROCEEDS,
  US_STATES,
  YES_NO,
  formatCurrency,
  formatPhone,
  formatTaxId,
  validateForm,
} from '@portal/libs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ChoiceField } from '../../components/ui/choice-field';
import { Field } from '../../components/ui/field';
import { SelectField, optionsOf } from '../../components/ui/select-field';
import { refreshSession, sessionQueryOptions } from '../shell/session';
import { businessQueryOptions, journeyApi, type BusinessView } from './journey-api';

type Details = Record<string, string>;
const today = () => new Date().toISOString().slice(0, 10);
const money = (n: number | undefined) => (n === undefined || n === null ? '' : formatCurrency(String(n)));
const regions = (country: string) =>
  Object.entries(country === 'CA' ? CA_PROVINCES : US_STATES).map(([value, label]) => ({ value, label }));

function detailsFrom(b: BusinessView): Details {
  const a = b.addressData;
  return {
    businessName: b.businessName ?? '',
    dbaName: b.dbaName ?? '',
    legalEntity: b.legalEntity ?? '',
    acceptsCreditCards: b.acceptsCreditCards ?? '',
    otherBusinessLoans: b.otherBusinessLoans ?? '',
    federalTaxId: b.federalTaxId ?? '',
    businessStartDate: b.businessStartDate ?? '',
    avgDailyBalance: money(b.avgDailyBalance),
    openLoanBalances: b.openLoanBalances ? money(b.openLoanBalances) : '',
    phoneNumber: b.phoneNumber ?? '',
    website: b.website ?? '',
    country: a?.country || 'US',
    address: a?.address ?? '',
    suiteFloor: a?.suiteFloor ?? '',
    city: a?.city ?? '',
    state: a?.state ?? '',
    zip: a?.zip ?? '',
    industry: b.industry ?? '',
    naics: b.naics ?? '',
    numberOfEmployees: b.numberOfEmployees === undefined ? '' : String(b.numberOfEmployees),
  };
}

/** Section 2 '/business': the start question (step 1), then the business details (step 2). */
export function BusinessPage() {
  const { data: user } = useQuery(sessionQueryOptions());
  const app = user?.applications[0];
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const business = useQuery(businessQueryOptions(app?._id));
  const industries = useQuery({ queryKey: ['industries'], queryFn: journeyApi.industries, staleTime: Infinity });
  const savedStep = app?.stage?.pageName === 'BUSINESS' && app.stage.pageStep === 1 ? 1 : 2;
  const [step, setStep] = useState<1 | 2>(savedStep === 1 ? 1 : 2);
  const [question, setQuestion] = useState({ businessStarted: '', businessStartDate: '', useOfProceeds: '' });
  const [details, setDetails] = useState<Details>({});
  const [products, setProducts] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const b = business.data;
    if (!b) return;
    setQuestion({
      businessStarted: b.businessStarted && b.businessStartDate ? b.businessStarted : '',
      businessStartDate: b.businessStartDate ?? '',
      useOfProceeds: b.useOfProceeds ?? '',
    });
    setDetails(detailsFrom(b));
    setProducts(b.productsInterestedIn ?? []);
  }, [business.data]);

  async function run(call: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await call();
    } catch (e) {
      setError((e as Error).message);
      setErrors((prev) => ({ ...prev, ...((e as { fields?: Record<string, string> }).fields ?? {}) }));
    } finally {
      setBusy(false);
    }
  }

  /** Moves the saved stage on only when it is at this step (an applicant who came back keeps theirs). */
  async function advanceFrom(pageStep: number) {
    if (app) await leavePage({ applicationId: app._id, saved: app.stage }, { pageName: 'BUSINESS', pageStep }, 'next');
    await refreshSession(queryClient);
  }

  function submitQuestion(e: FormEvent) {
    e.preventDefault();
    if (!question.businessStarted) return setErrors({ businessStarted: 'Selection is required' });
    if (question.businessStarted === 'No') {
      return void run(async () => {
        await journeyApi.saveBusiness(business.data!._id, 'question', { businessStarted: 'No' });
        await journeyApi.giggle(app!._id, 'enter');
        await navigate({ to: '/giggle-finance' });
      });
    }
    const found = validateForm(BUSINESS_QUESTION_RULES, question);
    setErrors(found);
    if (Object.keys(found).length) return;
    void run(async () => {
      const saved = await journeyApi.saveBusiness(business.data!._id, 'question', question);
      setDetails((d) => ({ ...d, businessStartDate: saved.businessStartDate ?? '' }));
      await advanceFrom(1);
      setStep(2);
    });
  }

  function submitDetails(e: FormEvent) {
    e.preventDefault();
    const found = validateForm(BUSINESS_DETAILS_RULES, details);
    setErrors(found);
    if (Object.keys(found).length) return;
    void run(async () => {
      await journeyApi.saveBusiness(business.data!._id, 'details', {
        ...details,
        productsInterestedIn: products,
        numberOfEmployees: details.numberOfEmployees ? Number(details.numberOfEmployees) : undefined,
      });
      await advanceFrom(2);
      await navigate({ to: '/owners' });
    });
  }

  /** Back asks the server for the previous page; it navigates there unless that is BUSINESS itself. */
  function back() {
    void run(async () => {
      const stage = app?.stage;
      const onThisPage = stage?.pageName === 'BUSINESS' && stage.pageStep <= 2;
      if (step === 2) {
        await leavePage({ applicationId: app!._id, saved: stage }, { pageName: 'BUSINESS', pageStep: 2 }, 'back');
        await refreshSession(queryClient);
        return setStep(1);
      }
      const previous = onThisPage
        ? await leavePage({ applicationId: app!._id, saved: stage }, stage, 'back')
        : undefined;
      await refreshSession(queryClient);
      if ((previous?.pageName ?? 'FINANCIAL') !== 'BUSINESS')
        await navigate({ to: `/${(previous?.pageName ?? 'FINANCIAL').toLowerCase()}` });
    });
  }

  const setD = (k: string, v: string) => {
    setDetails((d) => {
      if (k === 'country')
        return { ...d, country: v, state: '', city: '', zip: '', federalTaxId: formatTaxId(v, d.federalTaxId ?? '') };
      if (k === 'federalTaxId') return { ...d, federalTaxId: formatTaxId(d.country, v) };
      if (k === 'phoneNumber') return { ...d, phoneNumber: formatPhone(v) };
      if (k === 'avgDailyBalance' || k === 'openLoanBalances') return { ...d, [k]: formatCurrency(v) };
      if (k === 'industry') {
        const found = industries.data?.find((i) => i.name === v);
        return { ...d, industry: v, naics: found?.naics ?? '' };
      }
      return { ...d, [k]: v };
    });
    setErrors((er) => ({ ...er, [k]: '' }));
  };
  const ca = details.country === 'CA';

  if (step === 1) {
    return (
      <section className="card narrow">
        <h1>Tell us about your business</h1>
        {error ? <Alert>{error}</Alert> : null}
        <form onSubmit={submitQuestion} noValidate>
          <ChoiceField
            label="Has your business started?"
            name="businessStarted"
            value={question.businessStarted}
            options={YES_NO}
            error={errors.businessStarted}
            onChange={(v) => {
              setQuestion((q) => ({ ...q, businessStarted: v }));
              setErrors({});
            }}
          />
          {question.businessStarted === 'Yes' ? (
            <>
              <p className="note">The lender requires at least 3 months in business.</p>
              <Field
                label="When did your business start?"
                name="businessStartDate"
                type="date"
                max={today()}
                value={question.businessStartDate}
                onChange={(e) => setQuestion((q) => ({ ...q, businessStartDate: e.target.value.slice(0, 10) }))}
                error={errors.businessStartDate}
              />
              <SelectField
                label="How do you plan to use the loan proceeds?"
                name="useOfProceeds"
                options={optionsOf(USE_OF_PROCEEDS)}
                value={question.useOfProceeds}
                onChange={(e) => setQuestion((q) => ({ ...q, useOfProceeds: e.target.value }))}
                error={errors.useOfProceeds}
              />
            </>
          ) : null}
          <div className="form-actions">
            <Button variant="secondary" onClick={back} disabled={busy}>
              Back
            </Button>
            <Button type="submit" busy={busy} disabled={!business.data}>
              Continue
            </Button>
          </div>
        </form>
      </section>
    );
  }

  const f = (k: string, label: string, extra: Record<string, unknown> = {}) => (
    <Field
      label={label}
      name={k}
      value={details[k] ?? ''}
      onChange={(e) => setD(k, e.target.value)}
      error={errors[k]}
      maxLength={200}
      {...extra}
    />
  );
  return (
    <section className="card wide">
      <h1>Business details</h1>
      <p className="lead">Some answers are filled in from what you told us earlier.</p>
      {error ? <Alert>{error}</Alert> : null}
      <form onSubmit={submitDetails} noValidate>
        <div className="grid-2">
          {f('businessName', 'Legal business name', { autoComplete: 'organization' })}
          {f('dbaName', 'DBA (optional)')}
          <SelectField
            label="Legal entity"
            name="legalEntity"
            options={optionsOf(LEGAL_ENTITIES)}
            value={details.legalEntity ?? ''}
            onChange={(e) => setD('legalEntity', e.target.value)}
            error={errors.legalEntity}
          />
          {f('federalTaxId', ca ? 'BN' : 'EIN / Tax ID', {
            inputMode: 'numeric',
            maxLength: ca ? 11 : 10,
            placeholder: ca ? '123-456-789' : '12-3456789',
          })}
        </div>
        <fieldset className="field choice">
          <legend>Products interested in (optional)</legend>
          <div className="checks">
            {PRODUCTS.map((p) => (
              <label key={p} className="choice-option">
                <input
                  type="checkbox"
                  checked={products.includes(p)}
                  onChange={(e) =>
                    setProducts((list) => (e.target.checked ? [...list, p] : list.filter((x) => x !== p)))
                  }
                />
                {p}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid-2">
          <ChoiceField
            label="Do you accept credit cards?"
            name="acceptsCreditCards"
            value={details.acceptsCreditCards ?? ''}
            options={YES_NO}
            error={errors.acceptsCreditCards}
            onChange={(v) => setD('acceptsCreditCards', v)}
          />
          <ChoiceField
            label="Do you have open business loans?"
            name="otherBusinessLoans"
            value={details.otherBusinessLoans ?? ''}
            options={YES_NO}
            error={errors.otherBusinessLoans}
            onChange={(v) => setD('otherBusinessLoans', v)}
          />
          {details.businessStartDate
            ? f('businessStartDate', 'Business start date', { type: 'date', max: today() })
            : null}
          {f('website', 'Website (optional)', { type: 'url', placeholder: 'https://' })}
          {f('avgDailyBalance', 'Average daily balance', {
            inputMode: 'decimal',
            maxLength: CURRENCY_INPUT_MAX_LENGTH,
            placeholder: '$0',
          })}
          {f('openLoanBalances', 'Open loan balances (optional)', {
            inputMode: 'decimal',
            maxLength: CURRENCY_INPUT_MAX_LENGTH,
            placeholder: '$0',
          })}
          {f('phoneNumber', 'Business phone', {
            type: 'tel',
            maxLength: PHONE_INPUT_MAX_LENGTH,
            placeholder: '(123) 456-7890',
          })}
          <AddressLookup
            label="Business address lookup"
            onFound={(a) => {
              setDetails((d) => ({
                ...d,
                address: a.address,
                city: a.city,
                state: a.state,
                zip: a.zip,
                country: a.country,
                federalTaxId: formatTaxId(a.country, d.federalTaxId ?? ''),
              }));
              setErrors((er) => ({ ...er, address: '', city: '', state: '', zip: '', country: '' }));
            }}
          />
          <SelectField
            label="Country of business"
            name="country"
            options={Object.entries(COUNTRIES).map(([value, label]) => ({ value, label }))}
            value={details.country ?? 'US'}
            onChange={(e) => setD('country', e.target.value)}
            error={errors.country}
          />
          {f('address', 'Business address', { autoComplete: 'address-line1' })}
          {f('suiteFloor', 'Suite / floor (optional)', { autoComplete: 'address-line2' })}
          {f('city', 'City', { maxLength: 40, autoComplete: 'address-level2' })}
          <SelectField
            label={ca ? 'Province / territory' : 'State'}
            name="state"
            options={regions(details.country ?? 'US')}
            value={details.state ?? ''}
            onChange={(e) => setD('state', e.target.value)}
            error={errors.state}
          />
          {f('zip', ca ? 'Postal code' : 'Zip code', { maxLength: ca ? 7 : 10, autoComplete: 'postal-code' })}
          <SelectField
            label="Industry"
            name="industry"
            options={(industries.data ?? []).map((i) => ({ value: i.name, label: i.name }))}
            value={details.industry ?? ''}
            onChange={(e) => setD('industry', e.target.value)}
            error={errors.industry}
          />
          {f('naics', 'NAICS', { readOnly: true, placeholder: 'Filled from the industry' })}
          {f('numberOfEmployees', 'Number of employees', {
            type: 'number',
            min: 0,
            max: 99999999,
            inputMode: 'numeric',
          })}
        </div>
        <div className="form-actions">
          <Button variant="secondary" onClick={back} disabled={busy}>
            Back
          </Button>
          <Button type="submit" busy={busy}>
            Save and continue
          </Button>
        </div>
      </form>
    </section>
  );
}
