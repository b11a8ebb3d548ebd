/** Genway: options -> one Transport -> the resource namespaces. */

import { type GenwayOptions, openClient } from "./client-options.js";
import type { ClientContext, Transport } from "./core/http/index.js";
import type { Task, TaskRegistry, TaskSnapshot, WaitOptions } from "./core/tasks/index.js";
import type { ValidationMode } from "./core/validation/index.js";
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

export type { GenwayOptions };

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
    const { transport, validation, baseURL, taskRegistry } = openClient("Genway", options);
    this.transport = transport;
    this.taskRegistry = taskRegistry;
    this.validation = validation;
    this.baseURL = baseURL;
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
