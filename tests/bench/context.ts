// What every benchmark of `npm run bench` is given (stack/bench.ts builds it): the run's settings, the stack's
// addresses and processes, the signed-in applicants, the load driver, and where a failed request is told.
import type { ApiClient } from '../support/api-client.ts';
import type * as Libs from '../../libs/src/index.ts';
import type { ServiceSpec } from '../../stack/processes.ts';
import type { StackPorts } from '../../stack/stack.ts';
import type { DriverCommand, HttpRequest } from './driver.ts';
import type { LoadResult } from './load.ts';
import type { Figure } from './report.ts';

/** Per run: seconds of load, counted rounds, warm-up rounds, applicants signed up, concurrent callers. */
export type Settings = { seconds: number; rounds: number; warmup: number; users: number; concurrency: number };

export type Applicant = { client: ApiClient; email: string; userId: string; applicationId: string };

export type BenchContext = {
  root: string;
  /** The Node binary the bench runs on (for the processes it starts). */
  node: string;
  /** The run's throw-away data directory. */
  dataDir: string;
  smoke: boolean;
  S: Settings;
  /** `--name=value` from the command line. */
  arg: (name: string) => string | undefined;
  log: (line: string) => void;
  libs: typeof Libs;
  ports: StackPorts;
  /** The bench's own servers: the bare read handler (item 3), the production build and the bare page (item 7). */
  benchPorts: { bareRead: number; site: number; barePage: number };
  /** The environment the app processes share. */
  env: Record<string, string>;
  api: string;
  /**
   * The stack as npm start runs it (a full run's default; `--bare-stack` turns it off): the web server in front
   * (`web`, its /api proxied to the api), traces sampled at production's ratio through the collector to Zipkin,
   * and Prometheus scraping the metrics ports. Undefined: the api alone, no traces, no metrics.
   */
  observed?: { web: string; sampleRatio: string };
  maildev: string;
  applicants: Applicant[];
  /** Runs a load command in the driver process. */
  run: (cmd: DriverCommand) => Promise<LoadResult>;
  /** A running process's pid by service name ('api', 'worker', ...). */
  pid: (name: string) => number | undefined;
  /** The processes whose CPU a paired figure reports: the stack's, the driver's and `base`. */
  procs: (base: string) => Record<string, number | undefined>;
  /** The running services by name and pid (item 5's CPU by process). */
  services?: () => { name: string; pid: number | undefined }[];
  /** Starts a process that the bench stops at the end. */
  start: (spec: ServiceSpec) => Promise<void>;
  /** Requests that failed: any fails the run. */
  failures: string[];
  check: (what: string, rs: LoadResult[]) => void;
};

/** One benchmark: its `--only` name and what it measures. */
export type BenchItem = { name: string; run: (ctx: BenchContext) => Promise<Figure[]> };

export function headersOf(a: Applicant, mutating: boolean): Record<string, string> {
  const h: Record<string, string> = {
    cookie: [...a.client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '),
    'x-page-path': '/bench',
    'x-forwarded-for': `10.77.0.${a.email.match(/(\d+)@/)?.[1] ?? 1}`,
  };
  if (mutating) {
    h['x-xsrf-token'] = a.client.cookies.get('XSRF-TOKEN') ?? '';
    h['content-type'] = 'application/json';
  }
  return h;
}

/** Each applicant reading their own record: GET /api/user/by-email (items 1 and 3). */
export const readRequests = (applicants: Applicant[]): HttpRequest[] =>
  applicants.map((a) => ({ method: 'GET', path: `/api/user/by-email/${a.email}`, headers: headersOf(a, false) }));

export type Position = { pageName: string; pageStep: number };

/** Where each applicant's journey stands now. */
export const positionsOf = (applicants: Applicant[]): Promise<Position[]> =>
  Promise.all(applicants.map(async (a) => (await a.client.get(`/stage/${a.applicationId}`)).body as Position));

/**
 * A re-save of each applicant's current position: PATCH /api/stage (items 1 and 4), accepted every time,
 * so it never moves the journey.
 */
export const stageRequests = (applicants: Applicant[], positions: Position[]): HttpRequest[] =>
  applicants.map((a, i) => {
    const { pageName, pageStep } = positions[i]!;
    return {
      method: 'PATCH',
      path: `/api/stage/${a.applicationId}`,
      headers: headersOf(a, true),
      body: JSON.stringify({ pageName, pageStep, from: { pageName, pageStep } }),
    };
  });
