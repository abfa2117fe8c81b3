import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import { isJourneyBusy, type JourneyActor, type JourneyEvent } from './journey.machine';

export const JourneyContext = createContext<JourneyActor | null>(null);

/** The journey actor the app created (one for the whole session), for pages to read and send to. */
export function useJourneyActor(): JourneyActor {
  const actor = useContext(JourneyContext);
  if (!actor) throw new Error('useJourney needs a JourneyContext provider');
  return actor;
}

/** What a journey page needs: its step, whether a move is under way, the move's error, and `send`. */
export function useJourney() {
  const actor = useJourneyActor();
  const step = useSelector(actor, (s) => s.context.at.pageStep);
  const busy = useSelector(actor, isJourneyBusy);
  const error = useSelector(actor, (s) => s.context.error);
  const send = (event: JourneyEvent) => actor.send(event);
  return { step, busy, error, send };
}
