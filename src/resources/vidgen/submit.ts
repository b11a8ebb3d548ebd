/** The one submission path of every vidgen operation: its declared submission, sent through the task registry. */
import type { APIPromise, RequestOptions, TaskClientContext } from "../../core/http/index.js";
import type { Operation } from "./operations.js";
import type { VidgenResult, VidgenTask } from "./results.js";

export class VidgenSubmitter {
  constructor(private readonly client: TaskClientContext) {}

  /**
   * The id is read wherever relays put it: `data.task_id` (the vidgen envelope) or, through new-api's
   * task relay, `task_id` / `id` of its OpenAI-video answer. A non-zero code never gets that far
   * (the transport turns it into its typed error).
   */
  submit(op: Operation, params: object, options?: RequestOptions): APIPromise<VidgenTask> {
    // Its snapshots carry the vidgen envelope as `raw`: VidgenTask says so.
    return this.client.taskRegistry.submit<VidgenResult, object>(
      op.kind,
      op.submit,
      params,
      options,
    ) as APIPromise<VidgenTask>;
  }
}
