import { JOURNEY_STAGES, type StageName } from '@portal/libs';

export type StageFill = { name: StageName; number: number; percent: number; current: boolean };

/** The current stage fills step / steps; earlier stages are full, later ones empty, so the bar reads as the way left. */
export function stageFills(current: StageName, step: number): StageFill[] {
  const at = JOURNEY_STAGES.findIndex((s) => s.name === current);
  return JOURNEY_STAGES.map((s, i) => ({
    name: s.name,
    number: i + 1,
    current: i === at,
    percent: i < at ? 100 : i > at ? 0 : Math.round((Math.min(step, s.paths.length) / s.paths.length) * 100),
  }));
}

export const MOBILE_STAGE_COUNT = 3;

/** On mobile three stages show, starting at the current one (kept three near the end). */
export function mobileWindow(fills: StageFill[]): StageFill[] {
  const at = Math.max(
    0,
    fills.findIndex((f) => f.current),
  );
  const start = Math.min(at, fills.length - MOBILE_STAGE_COUNT);
  return fills.slice(start, start + MOBILE_STAGE_COUNT);
}
