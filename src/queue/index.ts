/**
 * genway/queue: video and music jobs by the thousand on BullMQ and Redis. Each job's paid
 * submission is sent at most once (fenced by the job's lock), its task handle is recorded in the
 * job before anything else, and a job resumed on another worker waits on that task instead of
 * paying again: every paid result is delivered to its own job. Node only; `bullmq` (and its Redis
 * driver, `ioredis`) are optional peer dependencies.
 */
export { UncertainSubmissionError } from "./errors.js";
export type {
  GenerationClient,
  GenerationFamilies,
  GenerationOperation,
  GenerationOperations,
} from "./operations.js";
export type { GenerationEvents, GenerationMetrics } from "./outcomes.js";
export {
  createGenerationQueue,
  type GenerationJob,
  type GenerationJobData,
  type GenerationProgress,
  type GenerationQueue,
  type GenerationQueueOptions,
  type GenerationResult,
} from "./queue.js";
export { createGenerationWorker, type GenerationWorker, type GenerationWorkerOptions } from "./worker.js";
