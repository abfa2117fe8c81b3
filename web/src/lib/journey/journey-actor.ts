import { createActor, type InspectionEvent, type Observer } from 'xstate';
import { journeyMachine, type JourneyActor } from './journey.machine';

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/**
 * Starts the app's one journey actor. `navigate` is the router's (or, inside the signing frame, a
 * message to the parent window), with the step shown there; `inspect` is the Stately inspector in development only.
 */
export function startJourney(navigate: (route: string, step?: number) => void, inspect?: Inspect): JourneyActor {
  const machine = journeyMachine.provide({ actions: { navigate: (_, { route, step }) => navigate(route, step) } });
  return createActor(machine, { inspect }).start();
}

/** The Stately inspector, when developing with ?inspect in the URL: never part of a production build. */
export async function devInspector(): Promise<Inspect | undefined> {
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has('inspect')) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}
