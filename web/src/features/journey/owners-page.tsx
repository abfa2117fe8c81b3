import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n/translation';
import { MAX_OWNERS, checkOwnerSet } from '@portal/libs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useErrorSummary } from '../../components/ui/error-summary';
import { useApplication } from '../../lib/session';
import { businessQueryOptions, journeyApi, ownersQueryOptions } from '../../lib/journey/journey-api';
import { OwnerCard } from './owner-card';
import {
  blankOwner,
  businessContact,
  firstOwnerError,
  ownerFrom,
  ownersResolver,
  type OwnersValues,
} from './owner-values';
import { useJourney } from '../../lib/journey/use-journey';
import { useSave } from './use-save';

/** Section 2 '/owners': one or two owner cards, the set rules on submit, then the journey moves on. */
export function OwnersPage() {
  const { t } = useTranslation();
  const { formRef, report, clear, summary } = useErrorSummary();
  const app = useApplication();
  const queryClient = useQueryClient();
  // Both are loaded before the page renders: 'Same as business information' always has a business to copy.
  const { data: business } = useSuspenseQuery(businessQueryOptions(app._id));
  const { data: set } = useSuspenseQuery(ownersQueryOptions(app._id));
  const journey = useJourney();
  const form = useForm<OwnersValues>({
    defaultValues: {
      sameAsBusinessInfo: set.sameAsBusinessInfo,
      owners: set.owners.length ? set.owners.map(ownerFrom) : [blankOwner()],
    },
    resolver: ownersResolver,
    shouldFocusError: false,
  });
  const owners = useFieldArray({ control: form.control, name: 'owners' });
  const [open, setOpen] = useState([true, true]);
  const [warning, setWarning] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const save = useSave(
    form,
    (v) => journeyApi.saveOwners(set._id, { owners: v.owners, sameAsBusinessInfo: v.sameAsBusinessInfo }),
    (saved) => {
      queryClient.setQueryData(ownersQueryOptions(app._id).queryKey, saved);
      journey.send({ type: 'journey.next', saved: 'owners' });
    },
    report,
  );

  function handleValid(v: OwnersValues) {
    setProblem(undefined);
    clear();
    const found = checkOwnerSet(v.owners);
    if (found?.addSecondOwner) {
      owners.append(blankOwner(), { shouldFocus: false });
      setOpen([true, true]);
      return setWarning(found.message);
    }
    if (found) return setProblem(found.message);
    save.mutate(v);
  }

  /** A closed card hides its fields: open every card in error, then the summary lists them and takes focus. */
  function handleInvalid() {
    const list = (form.formState.errors.owners ?? []) as unknown[];
    if (!firstOwnerError(form.formState.errors)) return;
    setOpen((o) => o.map((v, i) => v || !!list[i]));
    report();
  }

  function handleSame(checked: boolean) {
    form.setValue('sameAsBusinessInfo', checked);
    if (!checked) return;
    for (const [k, v] of Object.entries(businessContact(business)))
      form.setValue(`owners.0.${k}` as `owners.0.address`, v, { shouldValidate: form.formState.isSubmitted });
  }

  const same = useWatch({ control: form.control, name: 'sameAsBusinessInfo' });
  const error = problem ?? save.error?.message ?? journey.error;
  const busy = save.isPending || journey.busy;
  return (
    <section className="card wide">
      <h1>{t('owners.title')}</h1>
      <p className="lead">{t('owners.lead')}</p>
      {warning ? <Alert kind="warning">{warning}</Alert> : null}
      {error ? <Alert>{error}</Alert> : null}
      <form ref={formRef} onSubmit={form.handleSubmit(handleValid, handleInvalid)} noValidate>
        {summary}
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
          />
        ))}
        {owners.fields.length <= 1 && owners.fields.length < MAX_OWNERS ? (
          <Button
            variant="secondary"
            onClick={() => {
              owners.append(blankOwner(), { shouldFocus: false });
              setOpen([true, true]);
            }}
          >
            {t('owners.addOwner')}
          </Button>
        ) : null}
        <div className="form-actions">
          <Button variant="secondary" onClick={() => journey.send({ type: 'journey.back' })} disabled={busy}>
            {t('app.back')}
          </Button>
          <Button type="submit" busy={busy}>
            {t('app.proceed')}
          </Button>
        </div>
      </form>
    </section>
  );
}
