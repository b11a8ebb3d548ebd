/**
 * The spec's concatenation workflow as one call: generate songs (two clips), extend one of them
 * (two more), then concatenate the extension into the whole song.
 */
import { GenwayError } from "../../core/errors/index.js";
import type { WaitOptions } from "../../core/tasks/index.js";
import type { MusicSongFields, MusicStemsParams, MusicSubmitParams } from "./params.js";
import type { MusicSubmit } from "./submit.js";
import type { MusicClip, MusicSnapshot } from "./types.js";

/** The steps of the generate, extend and concatenate workflow. */
export interface ConcatWorkflowParams {
  /** The first generation (any variant but stems). */
  song: Exclude<MusicSubmitParams, MusicStemsParams>;
  /**
   * The extension's body, sent as given plus `task_id`, `continue_clip_id` and `continue_at` (which
   * defaults to the chosen clip's duration, its end). Write `task: "extend"` if your gateway asks for it.
   */
  extend: Omit<MusicSongFields, "task_id" | "continue_clip_id">;
  /** Which clip of each generation to carry on with. Default 0. */
  clip?: number;
}

/** The three finished tasks of the workflow. */
export interface ConcatWorkflowResult {
  song: MusicSnapshot;
  extension: MusicSnapshot;
  /** The concatenated song: its clips hold the whole song. */
  full: MusicSnapshot;
}

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
