/**
 * The spec's concatenation workflow as one call: generate songs (two clips), extend one of them
 * (two more), then concatenate the extension into the whole song.
 */
import { GenwayError } from "../../core/errors/index.js";
import { WAIT_OPTIONS, type WaitOptions } from "../../core/tasks/index.js";
import { checkOptions, v, validate } from "../../core/validation/index.js";
import type { ConcatWorkflowParams } from "./requests.js";
import type { ConcatWorkflowResult, MusicClip, MusicSnapshot } from "./results.js";
import type { MusicSubmit } from "./submit.js";

/**
 * What the workflow needs before its first paid step: each step's body is checked as it is sent,
 * but an `extend` missing would only be found once the song is paid for.
 */
const workflowParams = v.object({
  song: v.object({}),
  extend: v.object({}),
  clip: v.optional(v.integer({ minimum: 0 })),
});

function pick(snapshot: MusicSnapshot, index: number): MusicClip {
  const clip = snapshot.result?.[index];
  if (!clip) throw new GenwayError(`Music task ${snapshot.id} finished without clip ${index}.`);
  return clip;
}

export async function extendAndConcat(
  submit: MusicSubmit,
  params: ConcatWorkflowParams,
  options?: WaitOptions<MusicClip[]>,
): Promise<ConcatWorkflowResult> {
  validate(workflowParams, params, "musicgen.extendAndConcat", "strict");
  if (options !== undefined) checkOptions("wait", options, WAIT_OPTIONS);
  const index = params.clip ?? 0;
  const request = { signal: options?.signal };
  const songTask = await submit.music(params.song, request);
  const song = await songTask.wait(options);
  const source = pick(song, index);
  const continueAt = params.extend.continue_at ?? source.metadata?.duration;
  if (typeof continueAt !== "number") {
    throw new GenwayError(`Clip ${source.id} has no duration yet; pass extend.continue_at.`);
  }
  const extensionTask = await submit.music(
    {
      ...params.extend,
      task_id: song.id,
      continue_clip_id: source.id,
      continue_at: continueAt,
    },
    request,
  );
  const extension = await extensionTask.wait(options);
  const fullTask = await submit.concat({ clip_id: pick(extension, index).id }, request);
  return { song, extension, full: await fullTask.wait(options) };
}
