/** The specification's advisory strength meter: a point for each criterion, capped at 4. */
export const STRENGTH_LABELS = ['Very Weak', 'Weak', 'Moderate', 'Strong', 'Excellent'] as const;
export type StrengthLabel = (typeof STRENGTH_LABELS)[number];

export function passwordScore(password: string): number {
  const points = [
    password.length >= 8,
    /[A-Z]/.test(password),
    /[a-z]/.test(password),
    /\d/.test(password),
    /[^A-Za-z0-9]/.test(password),
    /[!@#$%^&*]/.test(password),
  ].filter(Boolean).length;
  return Math.min(points, 4);
}

export const passwordStrength = (password: string): { score: number; label: StrengthLabel } => {
  const score = passwordScore(password);
  return { score, label: STRENGTH_LABELS[score]! };
};
