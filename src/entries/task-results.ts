/**
 * Which result each task kind gives, for the compiler: the task kinds of the family manifest in one,
 * and `pollTask(client, handle)` typed by it. (The task machinery itself knows kinds by name only.)
 */
import type { KindResults } from "../core/http/index.js";
import type { KindsWithResult, Task, TaskRef, TaskSnapshot, WaitOptions } from "../core/tasks/index.js";
import type { FAMILIES } from "../resources/families.js";
import type { Tasks } from "../resources/tasks/index.js";

/**
 * Every task kind and the `result` of its succeeded snapshot: `video` a VideoResult, each
 * `vidgen.<operation>` a VidgenResult, `music` and `music.feed` their MusicClip[], `music.lyrics`
 * and `music.lyrics.v1` a MusicLyrics (docs/tasks.md).
 */
export interface TaskResults extends KindResults<typeof FAMILIES> {}

/** Any client with task families (`Genway`, `VideosClient`, `VidgenClient`, `MusicgenClient`). */
interface TaskClient {
  tasks: Tasks<TaskResults>;
}

/**
 * `pollTask(gw, task, options)`: the package's name for `gw.tasks.wait` (the same machinery, not a
 * second one), for code that holds a client and a stored task handle. A Task gives its own result
 * type, a `{ kind, id }` handle its kind's (`{ kind: "video" }`: VideoResult), a JSON string
 * `unknown` unless a result type is given (`pollTask<VideoResult>(gw, saved)`); a result type given
 * with a handle whose kind the compiler knows must be that kind's.
 */
export function pollTask<R, K extends string = string>(
  client: TaskClient,
  task: Task<R, K>,
  options?: WaitOptions<R>,
): Promise<TaskSnapshot<R>>;
export function pollTask<K extends keyof TaskResults>(
  client: TaskClient,
  handle: TaskRef<K>,
  options?: WaitOptions<TaskResults[K]>,
): Promise<TaskSnapshot<TaskResults[K]>>;
export function pollTask<R = unknown>(
  client: TaskClient,
  handle: string | TaskRef<KindsWithResult<TaskResults, R>>,
  options?: WaitOptions<R>,
): Promise<TaskSnapshot<R>>;
export function pollTask<R = unknown>(
  client: TaskClient,
  handle: string | TaskRef,
  options?: WaitOptions<R>,
): Promise<TaskSnapshot<R>> {
  // The overloads above are the types; the wait is the same for every one of them.
  return (client.tasks as Tasks).wait(handle, options as WaitOptions) as Promise<TaskSnapshot<R>>;
}
