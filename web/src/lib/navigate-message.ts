/** Origins allowed to steer the app (e.g. the e-sign frame): VITE_ALLOWED_ORIGINS, else this origin. */
export function allowedOrigins(): string[] {
  const configured = (import.meta.env.VITE_ALLOWED_ORIGINS as string | undefined) ?? '';
  const list = configured
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return list.length ? list : [window.location.origin];
}

/** A window message {type:'navigate', path} is obeyed only from an allowed origin: any page could post one. */
export function listenForNavigateMessages(go: (path: string) => void, origins = allowedOrigins()) {
  const handler = (e: MessageEvent) => {
    const data = e.data as { type?: unknown; path?: unknown } | null;
    if (!origins.includes(e.origin) || data?.type !== 'navigate' || typeof data.path !== 'string') return;
    if (data.path.startsWith('/') && !data.path.startsWith('//')) go(data.path);
  };
  window.addEventListener('message', handler);
  return () => window.removeEventListener('message', handler);
}
