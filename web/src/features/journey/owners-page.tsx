import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from '../../i18n/translation';
import { MAX_OWNERS, checkOwnerSet } from '@portal/libs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useApplication } from '../../lib/session';
import { businessQueryOptions, journeyApi, ownersQueryOptions } from '../../lib/journey/journey-api';
import { draftQueryOptions } from '../../lib/drafts';
import { OwnerCard } from './owner-card';
import {
  blankOwner,
  defaultCountry,
  businessContact,
  firstOwnerError,
  ownerPayload,
  ownersFrom,
  ownersResolver,
  shownMasks,
  type OwnersValues,
} from './owner-values';
import { useJourney } from '../../lib/journey/use-journey';
import { usePhoneLibrary } from '../../lib/phone';
import { JourneyActions, JourneyForm, useJourneyForm } from './journey-form';

/** '/owners': one or two owner cards, the set rules on submit, then the journey moves on. */
export function OwnersPage() {
  // The phones' mask and rules read with it (here at once after the page's loader).
  usePhoneLibrary();
  const { t } = useTranslation();
  const app = useApplication();
  const queryClient = useQueryClient();
  // Both are loaded before the page renders: 'Same as business information' always has a business to copy.
  const { data: business } = useSuspenseQuery(businessQueryOptions(app._id));
  const { data: set } = useSuspenseQuery(ownersQueryOptions(app._id));
  // The draft's masks are answers too (the api keeps what was typed behind them): read before the form.
  const { data: draft } = useSuspenseQuery(draftQueryOptions({ applicationId: app._id, step: 'owners' }));
  const journey = useJourney();
  const country = defaultCountry(business);
  const form = useForm<OwnersValues>({
    defaultValues: ownersFrom(set, country),
    resolver: ownersResolver(shownMasks(set.owners, draft)),
    shouldFocusError: false,
  });
  const owners = useFieldArray({ control: form.control, name: 'owners' });
  // Watched before the draft is laid over the form (useJourneyForm), so the restored choice shows.
  const same = useWatch({ control: form.control, name: 'sameAsBusinessInfo' });
  const [open, setOpen] = useState([true, true]);
  const [warning, setWarning] = useState<string>();
  // Each refusal is announced anew: its message comes into view and takes focus (on a phone it is far above).
  const [refusals, setRefusals] = useState(0);
  const [problem, setProblem] = useState<string>();
  const page = useJourneyForm(
    form,
    journey,
    (v, revision) =>
      journeyApi.saveOwners(set._id, {
        owners: v.owners.map((o) => ownerPayload(o)),
        sameAsBusinessInfo: v.sameAsBusinessInfo,
        revision,
      }),
    (saved) => {
      queryClient.setQueryData(ownersQueryOptions(app._id).queryKey, saved);
      journey.send({ type: 'journey.next', saved: 'owners' });
    },
    'owners',
    { loaded: set, queryKey: ownersQueryOptions(app._id).queryKey, valuesOf: (saved) => ownersFrom(saved, country) },
  );

  function handleValid(v: OwnersValues) {
    setProblem(undefined);
    page.clear();
    const found = checkOwnerSet(v.owners.map((o) => ownerPayload(o)));
    if (found?.addSecondOwner) {
      owners.append(blankOwner(country), { shouldFocus: false });
      setOpen([true, true]);
      setRefusals((n) => n + 1);
      return setWarning(found.message);
    }
    if (found) return setProblem(found.message);
    page.save.mutate(v);
  }

  /**
   * A closed card hides its fields: open every card in error, then the summary lists them and takes focus.
   * The errors are the ones this submit found (`form.formState` is the last render's, still empty here).
   */
  function handleInvalid(errors: FieldErrors<OwnersValues>) {
    const list = (errors.owners ?? []) as unknown[];
    if (!firstOwnerError(errors)) return;
    setOpen((o) => o.map((v, i) => v || !!list[i]));
    page.report();
  }

  function handleSame(checked: boolean) {
    form.setValue('sameAsBusinessInfo', checked);
    if (!checked) return;
    for (const [k, v] of Object.entries(businessContact(business)))
      form.setValue(`owners.0.${k}` as `owners.0.address`, v, { shouldValidate: form.formState.isSubmitted });
  }

  return (
    <section className="card wide">
      <h1>{t('owners.title')}</h1>
      <p className="lead">{t('owners.lead')}</p>
      {warning ? (
        <Alert key={refusals} kind="warning" takeFocus={refusals > 0}>
          {warning}
        </Alert>
      ) : null}
      <JourneyForm
        formRef={page.formRef}
        onSubmit={form.handleSubmit(handleValid, handleInvalid)}
        summary={page.summary}
        error={problem ?? page.error}
      >
        <label className="choice-option check-line">
          <input type="checkbox" checked={same} onChange={(e) => handleSame(e.target.checked)} />
          {t('owners.sameAsBusiness')}
        </label>
        {owners.fields.map((f, i) => (
          <OwnerCard
            key={f.id}
            form={form}
            index={i}
            open={open[i] ?? true}
            onToggle={(isOpen) => setOpen((v) => v.map((x, j) => (j === i ? isOpen : x)))}
            onRemove={i > 0 ? () => owners.remove(i) : undefined}
            keptMasked={page.draftMasked.flatMap((p) => (p.startsWith(`owners.${i}.`) ? [p.split('.')[2]!] : []))}
          />
        ))}
        {owners.fields.length <= 1 && owners.fields.length < MAX_OWNERS ? (
          <Button
            variant="secondary"
            onClick={() => {
              owners.append(blankOwner(country), { shouldFocus: false });
              setOpen([true, true]);
            }}
          >
            {t('owners.addOwner')}
          </Button>
        ) : null}
        <JourneyActions busy={page.busy} submit={t('app.proceed')} />
      </JourneyForm>
    </section>
  );
}
