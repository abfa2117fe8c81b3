// Database commands per api call: every call the test makes to the api (through global fetch) opens a
// span, and every command the api's connections send (the query log's `api` port) is charged to the
// call in flight, or the last one to start (work an answer leaves behind is its call's). Calls of one
// route (ids replaced by `:id`) are added up: how many calls, and their commands by kind and round trips.
import type { LoggedCommand, QueryLog } from './mongo-query-log';

export type RouteCost = {
  route: string;
  calls: number;
  /** round trips (commands) per call, the most any call of the route took */
  maxTrips: number;
  /** all calls together, by kind: find, findOne, update, insert, delete, findAndModify, aggregate, count… */
  kinds: Record<string, number>;
  trips: number;
  ops: number;
  /** each call's commands, as collection.kind */
  detail: string[][];
};

/** A path with its ids (hex, uuid, long tokens with digits) as `:id`, the query string dropped. */
export function routeOf(method: string, url: string, base: string): string {
  const path = url.slice(base.length).split('?')[0]!;
  const parts = path.split('/').map((p) => (/^[0-9a-f]{24}$/i.test(p) || (p.length >= 12 && /\d/.test(p)) ? ':id' : p));
  return `${method} ${parts.join('/')}`;
}

export const kindOf = (c: LoggedCommand) => (c.one ? 'findOne' : c.command);

/**
 * Starts charging the api's commands to the calls made to `baseUrl`. `skip` leaves commands out of the
 * count (the periodic housekeeping a request may trigger, told by the caller).
 */
export function chargeCalls(log: QueryLog, baseUrl: string, tag: string, skip: (c: LoggedCommand) => boolean) {
  const calls: { route: string; at: number }[] = [];
  let inFlight = 0;
  const real = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(baseUrl)) return real(input, init);
    calls.push({ route: routeOf(init?.method ?? 'GET', url, baseUrl), at: Date.now() });
    inFlight++;
    try {
      const res = await real(input, init);
      // Done when its body has arrived (the caller reads it from this copy).
      const body = await res.arrayBuffer();
      const empty = [101, 204, 205, 304].includes(res.status);
      return new Response(empty ? null : body, {
        status: res.status,
        statusText: res.statusText,
        headers: res.headers,
      });
    } finally {
      inFlight--;
    }
  }) as typeof fetch;
  const from = log.commands.length;
  return {
    /** No call to the api is under way (one the api makes itself, such as a webhook, included). */
    idle: () => inFlight === 0,
    stop() {
      globalThis.fetch = real;
    },
    /** The cost of each route, in the order first called; `commands` are the api's commands counted. */
    table(): { routes: RouteCost[]; commands: LoggedCommand[] } {
      const mine = log.commands.slice(from).filter((c) => c.tag === tag && !skip(c));
      const routes = new Map<string, RouteCost>();
      const perCall = calls.map(() => [] as LoggedCommand[]);
      for (const c of mine) {
        let i = calls.length - 1;
        while (i >= 0 && calls[i]!.at > c.at) i--;
        if (i >= 0) perCall[i]!.push(c);
      }
      calls.forEach(({ route }, i) => {
        const r = routes.get(route) ?? { route, calls: 0, maxTrips: 0, kinds: {}, trips: 0, ops: 0, detail: [] };
        const own = perCall[i]!;
        r.calls++;
        r.detail.push(own.map((c) => `${c.collection}.${kindOf(c)}${c.ops > 1 ? `×${c.ops}` : ''}`));
        r.trips += own.length;
        r.maxTrips = Math.max(r.maxTrips, own.length);
        for (const c of own) {
          r.kinds[kindOf(c)] = (r.kinds[kindOf(c)] ?? 0) + c.ops;
          r.ops += c.ops;
        }
        routes.set(route, r);
      });
      return { routes: [...routes.values()], commands: mine };
    },
  };
}

/** The table as text: route, calls, round trips per call (mean and most), commands by kind. */
export function formatCosts(routes: RouteCost[]): string {
  const lines = routes.map(
    (r) =>
      `${r.route.padEnd(44)} ${String(r.calls).padStart(3)} calls  ${(r.trips / r.calls).toFixed(1).padStart(5)} trips/call (max ${r.maxTrips})  ` +
      Object.entries(r.kinds)
        .sort()
        .map(([k, n]) => `${k} ${n}`)
        .join(', '),
  );
  const trips = routes.reduce((n, r) => n + r.trips, 0);
  const ops = routes.reduce((n, r) => n + r.ops, 0);
  return [...lines, `total: ${trips} round trips, ${ops} operations`].join('\n');
}
