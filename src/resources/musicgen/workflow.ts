/**
 * The spec's concatenation workflow as one call: generate songs (two clips), extend one of them
 * (two more), then concatenate the extension into the whole song.
 */
import { GenwayError } from "../../core/errors/index.js";
import type { WaitOptions } from "../../core/tasks/index.js";
import type { ConcatWorkflowParams } from "./requests.js";
import type { ConcatWorkflowResult, MusicClip, MusicSnapshot } from "./results.js";
import type { MusicSubmit } from "./submit.js";

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
