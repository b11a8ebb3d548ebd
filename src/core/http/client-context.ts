/**
 * What a family's namespace holds of the client: the one transport every request goes through, the
 * validation mode and the task registry. The client is one; the namespaces only ever see this much of it.
 */
import type { TaskRegistry } from "../tasks/tasks.js";
import type { ValidationMode } from "../validation/validate.js";
import type { Transport } from "./transport.js";

export interface ClientContext {
  readonly transport: Transport;
  readonly validation: ValidationMode;
}

/**
 * The context of a client whose families make tasks (video, vidgen, music): the task kinds of
 * the client (kind -> query / normalize / batch), shared by its namespaces. A client without
 * tasks (chat, images, audio) has none, so its bundle carries no task machinery.
 */
export interface TaskClientContext extends ClientContext {
  readonly taskRegistry: TaskRegistry;
}
