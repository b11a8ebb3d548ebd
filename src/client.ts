/** Genway: options -> one Transport -> the resource namespaces. */

import { GenwayError } from "./core/errors/index.js";
import type { ClientContext } from "./core/http/index.js";
import {
  checkKey,
  createLog,
  type HeadersLike,
  type Logger,
  type LogLevel,
  type QueryValue,
  readEnv,
  Transport,
} from "./core/http/index.js";
import { type Task, TaskRegistry, type TaskSnapshot, type WaitOptions } from "./core/tasks/index.js";
import type { ValidationMode } from "./core/validation/index.js";
import { CLIENT_OPTIONS, checkOptions } from "./core/validation/index.js";
import { Audio } from "./resources/audio/index.js";
import { Chat } from "./resources/chat/index.js";
import { Images } from "./resources/images/index.js";
import { Messages } from "./resources/messages/index.js";
import { Musicgen } from "./resources/musicgen/index.js";
import { Native } from "./resources/native/index.js";
import { Responses } from "./resources/responses/index.js";
import { type TaskHandle, Tasks } from "./resources/tasks/index.js";
import { Videos } from "./resources/videos/index.js";
import { Vidgen } from "./resources/vidgen/index.js";

/** The default of `maxResponseBytes`: 128 MiB, room for several base64 images in one answer. */
export const DEFAULT_MAX_RESPONSE_BYTES = 128 * 1024 * 1024;

/** Options of `new Genway(options)`; every one has a default (see docs/client.md). */
export interface GenwayOptions {
  /** The gateway key, or a function returning it (called per request, e.g. to rotate). Default: env GENWAY_API_KEY. */
  apiKey?: string | (() => string | Promise<string>) | undefined;
  /** The gateway's base URL, e.g. https://gateway.example.com. Default: env GENWAY_BASE_URL. */
  baseURL?: string | undefined;
  /** ms per attempt until response headers arrive (Infinity: no limit; above 2^31-1 ms is capped to it). Default 600 000. */
  timeout?: number | undefined;
  /** ms allowed between two chunks of a stream or download (Infinity: no limit). Default 120 000. */
  idleTimeout?: number | undefined;
  /** Retries of a failed attempt where the retry policy allows one (a whole number >= 0). Default 2. */
  maxRetries?: number | undefined;
  /** A server asking to wait longer than this (ms, finite) gets its error back at once. Default 60 000. */
  maxRetryAfter?: number | undefined;
  /**
   * Bytes a JSON answer may hold; a larger one ends in MalformedResponseError, unread and not retried
   * (streams are bounded per event, downloads are the caller's to read). Default 128 MiB.
   */
  maxResponseBytes?: number | undefined;
  /** A custom fetch (proxies, tests, the mock gateway). Default globalThis.fetch. */
  fetch?: typeof fetch | undefined;
  /** Headers sent with every request (a per-call `headers` option wins; `undefined` removes one). */
  defaultHeaders?: HeadersLike | undefined;
  /** Query parameters added to every request URL. */
  defaultQuery?: Record<string, QueryValue> | undefined;
  /** 'strict' (default) checks every request against the spec's bounds before sending; 'off' skips that. */
  validation?: ValidationMode | undefined;
  /** Default: env GENWAY_LOG, else 'warn'. Keys are always redacted. */
  logLevel?: LogLevel | undefined;
  /** Where log lines go. Default: `console`. */
  logger?: Logger | undefined;
  /** Browsers expose the key to every visitor of the page; refuse unless the caller says they know. */
  dangerouslyAllowBrowser?: boolean | undefined;
}

/**
 * The client: one set of options and one transport, and a namespace per API family
 * (`gw.chat.completions`, `gw.messages`, `gw.images`, `gw.videos`, `gw.musicgen` ...).
 */
export class Genway implements ClientContext {
  /** @internal The HTTP path every namespace sends through. */
  readonly transport: Transport;
  readonly validation: ValidationMode;
  /** @internal The task kinds the namespaces register, so that any task can be waited on from its handle. */
  readonly taskRegistry: TaskRegistry;
  readonly baseURL: string;

  readonly chat: Chat;
  readonly images: Images;
  readonly audio: Audio;
  readonly messages: Messages;
  readonly responses: Responses;
  readonly native: Native;
  readonly videos: Videos;
  readonly vidgen: Vidgen;
  readonly musicgen: Musicgen;
  readonly tasks: Tasks;

  constructor(options: GenwayOptions = {}) {
    const baseURL = options.baseURL ?? readEnv("GENWAY_BASE_URL");
    if (!baseURL) {
      throw new GenwayError(
        "No baseURL: pass new Genway({ baseURL }) or set GENWAY_BASE_URL (for a local mock: npx genway mock).",
      );
    }
    if (!/^https?:\/\//i.test(baseURL))
      throw new GenwayError(`baseURL must be an http(s) URL, got ${JSON.stringify(baseURL)}.`);
    const apiKey = options.apiKey ?? readEnv("GENWAY_API_KEY");
    if (apiKey === undefined) {
      throw new GenwayError("No apiKey: pass new Genway({ apiKey }) or set GENWAY_API_KEY.");
    }
    if (typeof apiKey === "string") checkKey(apiKey);
    checkOptions("Genway", options, CLIENT_OPTIONS);
    if (isBrowser() && !options.dangerouslyAllowBrowser) {
      throw new GenwayError(
        "genway refuses to run in a browser, where the API key would be visible to every visitor. Proxy through your server, or pass dangerouslyAllowBrowser: true if you understand the risk.",
      );
    }
    this.baseURL = baseURL;
    this.validation = options.validation ?? "strict";
    this.transport = new Transport({
      apiKey,
      baseURL,
      timeout: options.timeout ?? 600_000,
      idleTimeout: options.idleTimeout ?? 120_000,
      maxRetries: options.maxRetries ?? 2,
      maxRetryAfter: options.maxRetryAfter ?? 60_000,
      maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      fetch: options.fetch,
      defaultHeaders: options.defaultHeaders,
      defaultQuery: options.defaultQuery,
      log: createLog(options.logLevel, options.logger),
      validation: this.validation,
    });
    this.taskRegistry = new TaskRegistry(this.transport);
    this.chat = new Chat(this);
    this.images = new Images(this);
    this.audio = new Audio(this);
    this.messages = new Messages(this);
    this.responses = new Responses(this);
    this.native = new Native(this);
    this.videos = new Videos(this);
    this.vidgen = new Vidgen(this);
    this.musicgen = new Musicgen(this);
    this.tasks = new Tasks(this);
  }

  /**
   * Waits for a video, vidgen or music job until it ends, from its Task, its `{ kind, id }` handle or
   * that handle's JSON: `await gw.pollTask(task)`, `await gw.pollTask(savedJson)`. The same machinery
   * as `task.wait()` and `gw.tasks.wait()`; a timeout throws TaskTimeoutError carrying the handle.
   */
  pollTask<R>(task: Task<R>, options?: WaitOptions<R>): Promise<TaskSnapshot<R>>;
  pollTask<R = unknown>(handle: TaskHandle, options?: WaitOptions<R>): Promise<TaskSnapshot<R>>;
  pollTask<R = unknown>(handle: TaskHandle, options?: WaitOptions<R>): Promise<TaskSnapshot<R>> {
    return this.tasks.wait<R>(handle, options);
  }

  /** Keeps `console.log(gw)` short and key-free. */
  toJSON(): Record<string, unknown> {
    return { baseURL: this.baseURL, validation: this.validation };
  }

  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return `Genway ${JSON.stringify(this.toJSON())}`;
  }
}

/** Workers, Deno and Bun have no `document`; only a real page does. */
function isBrowser(): boolean {
  const g = globalThis as { window?: unknown; document?: unknown };
  return typeof g.window !== "undefined" && typeof g.document !== "undefined";
}
