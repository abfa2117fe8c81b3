import type { Spec } from './setting';

export const MIN_KEY_BYTES = 32;

const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/i;

/** The host of a loopback URL (localhost, 127.0.0.0/8, ::1); a URL that does not parse is not one. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return LOOPBACK_HOST.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * Why these settings are outside local development, or undefined when they are local: NODE_ENV is
 * production, or PUBLIC_URL (given, or the spec's default) is not on a loopback host.
 */
export function outsideLocalDevelopment(spec: Spec, source: Readonly<Record<string, string | undefined>>) {
  if (source.NODE_ENV === 'production') return 'NODE_ENV is production';
  const publicUrl = source.PUBLIC_URL ?? spec.PUBLIC_URL?.default;
  if (publicUrl !== undefined && !isLoopbackUrl(publicUrl)) return `PUBLIC_URL ${publicUrl} is not a loopback address`;
  return undefined;
}

const byteLength = (value: string, base64: boolean) =>
  base64 ? Math.floor((value.replace(/=+$/, '').length * 3) / 4) : new TextEncoder().encode(value).length;

/** The secrets of `spec` that must not be used as `source` sets them, each named with the reason. */
export function secretProblems(spec: Spec, source: Readonly<Record<string, string | undefined>>): string[] {
  const where = outsideLocalDevelopment(spec, source);
  if (!where) return [];
  // Any development value is public, under whichever name it turns up.
  const published = new Set(
    Object.values(spec).flatMap((s) => (s.secret && s.default !== undefined ? [s.default.trim()] : [])),
  );
  const problems: string[] = [];
  for (const [name, setting] of Object.entries(spec)) {
    const rule = setting.secret;
    const value = (source[name] ?? setting.default)?.trim();
    if (!rule || value === undefined || value === '') continue; // missing or empty: reported by loadEnv
    const switch_ = rule.usedUnless;
    if (switch_ && (source[switch_] ?? spec[switch_]?.default)?.trim() === 'none') continue; // its service is off
    const bytes = byteLength(value, rule.base64 ?? false);
    if (published.has(value))
      problems.push(`${name} is a development default, public with the code (${where}): set your own (${rule.how})`);
    else if (rule.minBytes !== undefined && bytes < rule.minBytes)
      problems.push(
        `${name} is too short: ${bytes} bytes, at least ${rule.minBytes} needed (${where}): set your own (${rule.how})`,
      );
  }
  return problems;
}
