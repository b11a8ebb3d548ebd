/**
 * A task kind whose query has more than one path: relays differ in which they route (vidgen
 * text-to-video: the spec's /vidgen/v1/images/text2video/{id} or the Kling API's own
 * /vidgen/v1/videos/text2video/{id}, the only one new-api routes: router/video-router.go, SetVideoRouter).
 */
import { APIError } from "../errors/errors.js";
import { type Answer, APIPromise } from "../http/api-promise.js";
import { isHtmlPage } from "../http/json-body.js";
import type { Operation } from "../http/operation.js";
import type { RequestOptions, Transport } from "../http/transport.js";

/**
 * A path the gateway does not route: a 404 by status, whatever its body says (new-api: "Invalid
 * URL"), or a relay's dashboard page, which answers every unrouted path outside /v1, /api and
 * /assets with 200 text/html (new-api router/web-router.go, SetWebRouter's NoRoute).
 */
const notRouted = (error: unknown) =>
  (error instanceof APIError && error.status === 404) || isHtmlPage(error);

/**
 * A 404 that carries the gateway's own code (Kling's 1203, new-api's `task_not_exist`): the path is
 * routed, and says the task does not exist there.
 */
const taskUnknown = (error: unknown) =>
  error instanceof APIError && error.status === 404 && error.code !== undefined;

/**
 * Reads one task from the first of `paths` the gateway routes: an answer that says the path is not
 * routed sends the query on to the next path, and once a later path has answered (the task, or its
 * gateway's "no such task"), this reader asks it first from then on. When no path knows the task,
 * the gateway's "no such task" is thrown where a path said it (a lookup by external id reads it as
 * "never created"), else the first path's own answer (its 404 names the task), a dashboard page
 * only when every path gave one. Ids go through the `path` tag inside the lazily built request, so
 * a bad id rejects the promise and nothing is sent.
 */
export function firstRouted(
  transport: Transport,
  paths: ReadonlyArray<Operation<string>>,
): (id: string, options?: RequestOptions) => APIPromise<unknown> {
  let order = paths;
  return (id, options) => {
    const tried = order;
    const read = async (): Promise<Answer<unknown>> => {
      let unknown: unknown;
      let missing: unknown;
      let page: unknown;
      const first = (at: Operation<string>, index: number) => {
        if (index > 0) order = [at, ...tried.filter((other) => other !== at)];
      };
      for (const [index, at] of tried.entries()) {
        try {
          const answer = await APIPromise.answerOf(transport.call<unknown, string>(at, id, options));
          first(at, index);
          return answer;
        } catch (error) {
          if (!notRouted(error)) throw error;
          if (taskUnknown(error) && unknown === undefined) {
            unknown = error;
            first(at, index);
          } else if (isHtmlPage(error)) page ??= error;
          else missing ??= error;
        }
      }
      throw unknown ?? missing ?? page;
    };
    return new APIPromise(read());
  };
}
