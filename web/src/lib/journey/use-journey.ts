import { createContext, useContext, useSyncExternalStore } from 'react';
import type { JourneyActor, JourneyEvent, JourneySnapshot } from './journey.machine';

/**
 * The app's one journey actor, started when it is first needed: a route that needs a session (its
 * beforeLoad awaits `load`), so XState and the journey machine are not part of /sign-up's first visit.
 */
export type JourneyHolder = {
  /** The actor, once started. */
  current(): JourneyActor | undefined;
  /** Starts it, loading its code, unless it is started already. */
  load(): Promise<JourneyActor>;
  /** Told when the actor starts and whenever its state changes. */
  subscribe(listener: () => void): () => void;
};

export function holdJourney(start: () => Promise<JourneyActor>): JourneyHolder {
  let actor: JourneyActor | undefined;
  let starting: Promise<JourneyActor> | undefined;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const take = (a: JourneyActor) => {
    actor = a;
    a.subscribe(notify);
    notify();
    return a;
  };
  return {
    current: () => actor,
    load: () => (starting ??= start().then(take)),
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** A holder over an actor already started (tests). */
export function heldJourney(actor: JourneyActor): JourneyHolder {
  const holder = holdJourney(async () => actor);
  void holder.load();
  // The actor is there at once, not a microtask later.
  return { ...holder, current: () => actor };
}

export const JourneyContext = createContext<JourneyHolder | null>(null);

function useJourneyHolder(): JourneyHolder {
  const holder = useContext(JourneyContext);
  if (!holder) throw new Error('useJourney needs a JourneyContext provider');
  return holder;
}

/** A value of the journey's state, or `unstarted` while the actor has not started (a signed-out visit). */
export function useJourneySelector<T>(select: (s: JourneySnapshot) => T, unstarted: T): T {
  const holder = useJourneyHolder();
  const read = () => {
    const actor = holder.current();
    return actor ? select(actor.getSnapshot()) : unstarted;
  };
  return useSyncExternalStore(holder.subscribe, read, read);
}

/** The journey actor, for pages under a route that started it (every journey route and /status do). */
export function useJourneyActor(): JourneyActor {
  const actor = useJourneyHolder().current();
  if (!actor) throw new Error('the journey has not started: its route starts it before the page shows');
  return actor;
}

/** The machine is busy with the server (its states other than idle and ready): pages hold their buttons. */
export const isJourneyBusy = (s: JourneySnapshot) => !s.matches('ready') && !s.matches('idle');

/** What a journey page needs: its step, whether a move is under way, the move's error, and `send`. */
export function useJourney() {
  const actor = useJourneyActor();
  const step = useJourneySelector((s) => s.context.at.pageStep, 1);
  const busy = useJourneySelector(isJourneyBusy, false);
  const error = useJourneySelector((s) => s.context.error, undefined);
  const send = (event: JourneyEvent) => actor.send(event);
  return { step, busy, error, send };
}
