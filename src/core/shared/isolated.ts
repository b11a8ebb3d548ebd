/**
 * Every user callback is isolated: a listener that throws, or returns a promise that rejects, is
 * reported to `failed` and never fails the work that called it, nor ends the process with an
 * unhandled rejection (onProgress, the queue worker's events).
 */
export function callIsolated<A>(
  listener: (arg: A) => unknown,
  arg: A,
  failed: (error: unknown) => void,
): void {
  try {
    const done = listener(arg);
    if (done instanceof Promise) done.catch(failed);
  } catch (error) {
    failed(error);
  }
}
