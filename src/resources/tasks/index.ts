/** gw.tasks namespace and the task types every family shares. */

export type { TaskStatusWord } from "../../core/tasks/task-record.js";
export {
  Task,
  type TaskRef,
  type TaskSnapshot,
  type TaskStatus,
  type WaitOptions,
} from "../../core/tasks/tasks.js";
export { parseTaskCallback } from "./callbacks.js";
export { type TaskHandle, Tasks } from "./tasks.js";
