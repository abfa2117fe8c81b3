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

let installed = false;
/** Every jsforce request of this process goes through an agent that hands on whole responses only. */
export function installWholeResponses() {
  if (installed) return;
  installed = true;
  setDispatcher(new Agent({ connect: { allowH2: false } }).compose(wholeResponses));
}
