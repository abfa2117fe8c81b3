import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { MAX_OWNERS, checkOwnerSet } from '@portal/libs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useApplication } from '../shell/session';
import { businessQueryOptions, journeyApi, ownersQueryOptions } from './journey-api';
import { OwnerCard } from './owner-card';
import {
  blankOwner,
  businessContact,
  firstOwnerError,
  ownerFrom,
  ownersResolver,
  type OwnersValues,
} from './owner-values';
import { useJourney } from './use-journey';
import { useSave } from './use-save';

/** Section 2 '/owners': one or two owner cards, the set rules on submit, then the journey moves on. */
export function OwnersPage() {
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
  );

  function handleValid(v: OwnersValues) {
    setProblem(undefined);
    const found = checkOwnerSet(v.owners);
    if (found?.addSecondOwner) {
      owners.append(blankOwner(), { shouldFocus: false });
      setOpen([true, true]);
      return setWarning(found.message);
    }
    if (found) return setProblem(found.message);
    save.mutate(v);
  }

  /** A closed card cannot take focus: open the first one in error, then focus its first bad field. */
  function handleInvalid() {
    const first = firstOwnerError(form.formState.errors);
    if (!first) return;
    setOpen((o) => o.map((v, i) => (i === first.index ? true : v)));
    setTimeout(() => form.setFocus(`owners.${first.index}.${first.field}` as `owners.0.firstName`));
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
      <h1>Business ownership information</h1>
      <p className="lead">Owners with a combined 50% or more must be on the application. The first two owners sign.</p>
      {warning ? <Alert kind="warning">{warning}</Alert> : null}
      {error ? <Alert>{error}</Alert> : null}
      <form onSubmit={form.handleSubmit(handleValid, handleInvalid)} noValidate>
        <label className="choice-option check-line">
          <input type="checkbox" checked={same} onChange={(e) => handleSame(e.target.checked)} />
          Same as business information
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
            Add Another Owner
          </Button>
        ) : null}
        <div className="form-actions">
          <Button variant="secondary" onClick={() => journey.send({ type: 'journey.back' })} disabled={busy}>
            Back
          </Button>
          <Button type="submit" busy={busy}>
            Proceed
          </Button>
        </div>
      </form>
    </section>
  );
}
