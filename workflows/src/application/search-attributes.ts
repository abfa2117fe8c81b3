import type { SearchAttributeUpdatePair } from '@temporalio/common';
import { upsertSearchAttributes } from '@temporalio/workflow';
import { SA } from './search-attribute-keys';

export { SA };

export type SearchValues = {
  stage: string;
  step: number;
  status: string;
  country?: string;
  affiliate?: string;
  stalledSince: number;
  crmSyncPending: boolean;
  lastError?: string;
  lead?: string;
};

/**
 * Upserts only what changed since the last publish, in one command, so a workflow task that changes
 * nothing operators filter on adds nothing to history. Publishing can be held (hold/release) while a
 * local call of this workflow task settles: a value changed and changed back meanwhile is never upserted.
 */
export class SearchAttributeBoard {
  private last: Partial<Record<keyof SearchValues, unknown>> = {};
  private held = 0;
  private heldChanges = false;

  constructor(private readonly values: () => SearchValues) {}

  publish(): void {
    if (this.held > 0) {
      this.heldChanges = true;
      return;
    }
    const v = this.values();
    const pairs: SearchAttributeUpdatePair[] = [];
    const put = <K extends keyof SearchValues>(k: K, pair: SearchAttributeUpdatePair) => {
      if (this.last[k] === v[k]) return;
      this.last = { ...this.last, [k]: v[k] };
      pairs.push(pair);
    };
    put('stage', { key: SA.stage, value: v.stage });
    put('step', { key: SA.step, value: v.step });
    put('status', { key: SA.status, value: v.status });
    if (v.country) put('country', { key: SA.country, value: v.country });
    if (v.affiliate) put('affiliate', { key: SA.affiliate, value: v.affiliate });
    put('stalledSince', { key: SA.stalledSince, value: new Date(v.stalledSince) });
    put('crmSyncPending', { key: SA.crmSyncPending, value: v.crmSyncPending });
    // An error cleared by a later success is removed, so 'LastError' filters show what is failing now.
    put('lastError', { key: SA.lastError, value: v.lastError ?? null });
    if (v.lead) put('lead', { key: SA.lead, value: v.lead });
    if (pairs.length) upsertSearchAttributes(pairs);
  }

  hold(): void {
    this.held++;
  }

  /** The last release publishes what changed while held, as it is now. */
  release(): void {
    if (this.held === 0 || --this.held > 0 || !this.heldChanges) return;
    this.heldChanges = false;
    this.publish();
  }
}
