import type { Duplex } from 'node:stream';
import type { Dispatcher } from 'undici';
import { Agent } from 'undici';
// jsforce's own request module: it holds the dispatcher every jsforce request goes through.
import { setDispatcher } from 'jsforce/lib/request';

type Controller = Dispatcher.DispatchController;
type Headers = Record<string, string | string[] | undefined>;

/**
 * Hands a response on only once its body has arrived whole. jsforce turns a fetch body into a Node stream
 * with `Readable.fromWeb(body).pipe(output)`, and pipe() does not pass errors on: a response cut off after
 * its headers (a reset or a truncated body from Salesforce or anything between) made that stream emit an
 * 'error' nobody listened to, and the whole worker process died with every activity it was running.
 * Buffered here, a cut-off response fails the fetch itself, which jsforce reports as the request's error:
 * the activity fails and Temporal retries it. CRM answers are small JSON or XML, so holding one is cheap.
 */
class WholeResponse implements Dispatcher.DispatchHandler {
  private start?: [Controller, number, Headers, string];
  private readonly chunks: Buffer[] = [];
  constructor(private readonly inner: Dispatcher.DispatchHandler) {}

  onRequestStart(controller: Controller, context: unknown) {
    this.inner.onRequestStart?.(controller, context);
  }
  onRequestUpgrade(controller: Controller, statusCode: number, headers: Headers, socket: Duplex) {
    this.inner.onRequestUpgrade?.(controller, statusCode, headers, socket);
  }
  onResponseStart(controller: Controller, statusCode: number, headers: Headers, statusMessage?: string) {
    if (statusCode < 200) return this.inner.onResponseStart?.(controller, statusCode, headers, statusMessage);
    this.start = [controller, statusCode, headers, statusMessage ?? ''];
  }
  onResponseData(_controller: Controller, chunk: Buffer) {
    this.chunks.push(chunk);
  }
  onResponseEnd(controller: Controller, trailers: Headers) {
    if (this.start) {
      const [c, status, headers, message] = this.start;
      this.inner.onResponseStart?.(c, status, headers, message);
      for (const chunk of this.chunks) this.inner.onResponseData?.(c, chunk);
    }
    this.inner.onResponseEnd?.(controller, trailers);
  }
  onResponseError(controller: Controller, error: Error) {
    this.inner.onResponseError?.(controller, error);
  }
}

export const wholeResponses: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) =>
  dispatch(opts, new WholeResponse(handler));

type Body = Dispatcher.DispatchOptions['body'];
/** Fetch hands its body on as an async generator (undici's types name only its other kinds). */
type Streamed = AsyncIterable<Uint8Array | string>;
const streamed = (body: Body): Streamed | undefined =>
  !!body && typeof body === 'object' && Symbol.asyncIterator in body ? (body as Streamed) : undefined;

/**
 * Sends a request body whole, with its length. jsforce hands every body (a lead's JSON, a SOAP envelope)
 * to fetch as a stream, which undici sent chunked: its header, then each chunk and its framing in writes
 * of their own, a good share of the worker's CRM time. The bodies are small and already in memory, so
 * they are gathered first and go out in one write with a Content-Length. A body that fails while gathered
 * fails the request as before (undici reads the error from the body it is given).
 */
export const wholeRequests: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) => {
  const body = streamed(opts.body);
  if (!body) return dispatch(opts, handler);
  gather(body).then(
    (whole) => dispatch({ ...opts, body: whole }, handler),
    (e: unknown) =>
      dispatch(
        {
          ...opts,
          body: (async function* () {
            yield* [];
            throw e;
          })() as unknown as Body,
        },
        handler,
      ),
  );
  return true;
};

async function gather(body: Streamed): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

let installed = false;
/** Every jsforce request of this process goes through an agent that sends whole requests and hands on whole responses only. */
export function installWholeResponses() {
  if (installed) return;
  installed = true;
  setDispatcher(new Agent({ connect: { allowH2: false } }).compose(wholeRequests, wholeResponses));
}
