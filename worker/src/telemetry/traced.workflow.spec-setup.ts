// The workflow workflow-spans.spec.ts runs under each workflow tracing module: an activity from the run, from an
// update and from a signal, and a query that says whether OpenTelemetry was set up in its sandbox.
import { condition, defineQuery, defineSignal, defineUpdate, proxyActivities, setHandler } from '@temporalio/workflow';

const { echo } = proxyActivities<{ echo(what: string): Promise<string> }>({ startToCloseTimeout: '10s' });

export const step = defineUpdate<string, [string]>('step');
export const poke = defineSignal<[string]>('poke');
/** Whether OpenTelemetry's API was registered in this workflow's sandbox (a tracer provider made). */
export const tracerMade = defineQuery<boolean>('tracerMade');

export async function tracedWorkflow(): Promise<string[]> {
  const done: string[] = [];
  let poked = false;
  let finished = false;
  setHandler(step, async (what) => {
    const answer = await echo(`update ${what}`);
    if (what === 'end') finished = true;
    return answer;
  });
  setHandler(poke, async (what) => {
    done.push(await echo(`signal ${what}`));
    poked = true;
  });
  setHandler(tracerMade, () => Symbol.for('opentelemetry.js.api.1') in globalThis);
  done.push(await echo('run'));
  await condition(() => poked && finished);
  done.push(await echo('after'));
  return done;
}
