/** The one submission path of every vidgen operation: its declared submission, sent through the task registry. */
import type { APIPromise, RequestOptions, TaskClientContext } from "../../core/http/index.js";
import type { Operation } from "./operations.js";
import type { VidgenResult, VidgenTask } from "./types.js";

/** The vidgen envelope: {code, message, request_id, data: {task_id, task_status, ...}}. */
const taskIdOf = (body: unknown) => (body as { data?: { task_id?: unknown } })?.data?.task_id;

export class VidgenSubmitter {
  constructor(private readonly client: TaskClientContext) {}

  /** A non-zero code never gets to `taskIdOf` (the transport turns it into its typed error). */
  submit(op: Operation, params: object, options?: RequestOptions): APIPromise<VidgenTask> {
    // Its snapshots carry the vidgen envelope as `raw`: VidgenTask says so.
    return this.client.taskRegistry.submit<VidgenResult, object>(
      op.kind,
      op.submit,
      params,
      options,
      taskIdOf,
    ) as APIPromise<VidgenTask>;
  }
}
