/**
 * The paid task operations a queued job may run, by name: what each takes (its params type), how
 * the worker submits it through the client's own method, and, for vidgen, how a submission whose
 * answer was lost is found again (by the `external_task_id` the worker gave it).
 */
import type { APIPromise, RequestOptions } from "../core/http/index.js";
import type { Task, TaskRef } from "../core/tasks/index.js";
import type { TaskFamilyClient } from "../entries/base.js";
import type {
  MusicConcatSubmitParams,
  Musicgen,
  MusicLyricsSubmitParams,
  MusicStemsSeparateParams,
  MusicSubmitParams,
  MusicV1ConcatParams,
  MusicV1LyricsParams,
} from "../resources/musicgen/index.js";
import type { VideoCreateParams, Videos } from "../resources/videos/index.js";
import type {
  Vidgen,
  VidgenImageExpandParams,
  VidgenImageGenerationParams,
  VidgenImageToVideoParams,
  VidgenKindName,
  VidgenMultiImageToImageParams,
  VidgenMultiImageToVideoParams,
  VidgenTextToAudioParams,
  VidgenTextToVideoParams,
  VidgenVideoExtendParams,
  VidgenVideoToAudioParams,
} from "../resources/vidgen/index.js";

/** The task families a job can run on: each client method's namespace. */
export interface GenerationFamilies {
  videos: Videos;
  vidgen: Vidgen;
  musicgen: Musicgen;
}

/**
 * What a worker submits and waits with: a `Genway`, or the family client of its jobs
 * (`VideosClient`, `VidgenClient`, `MusicgenClient` from genway/videos, genway/vidgen,
 * genway/musicgen). A job whose family the client lacks fails before anything is sent.
 */
export type GenerationClient = Pick<TaskFamilyClient, "tasks" | "taskRegistry" | "transport"> &
  Partial<GenerationFamilies>;

/** Every paid task operation a job can run, by the name of its client method, and the params it takes. */
export interface GenerationOperations {
  "videos.create": VideoCreateParams;
  "vidgen.images.generate": VidgenImageGenerationParams;
  "vidgen.images.expand": VidgenImageExpandParams;
  "vidgen.images.multiImageToImage": VidgenMultiImageToImageParams;
  "vidgen.videos.textToVideo": VidgenTextToVideoParams;
  "vidgen.videos.imageToVideo": VidgenImageToVideoParams;
  "vidgen.videos.multiImageToVideo": VidgenMultiImageToVideoParams;
  "vidgen.videos.extend": VidgenVideoExtendParams;
  "vidgen.audio.textToAudio": VidgenTextToAudioParams;
  "vidgen.audio.videoToAudio": VidgenVideoToAudioParams;
  "musicgen.submit.music": MusicSubmitParams;
  "musicgen.submit.lyrics": MusicLyricsSubmitParams;
  "musicgen.submit.concat": MusicConcatSubmitParams;
  "musicgen.v1.generate": MusicSubmitParams;
  "musicgen.v1.generateLyrics": MusicV1LyricsParams;
  "musicgen.v1.concat": MusicV1ConcatParams;
  "musicgen.stems.separate": MusicStemsSeparateParams;
}

/** An operation's name: `videos.create`, `vidgen.videos.textToVideo`, `musicgen.submit.music` ... */
export type GenerationOperation = keyof GenerationOperations;

/** The family an operation runs on: the first part of its name. */
type FamilyOf<O extends GenerationOperation> =
  O extends `${infer F extends keyof GenerationFamilies}.${string}` ? F : never;

type Submit<F extends keyof GenerationFamilies, P> = (
  family: GenerationFamilies[F],
  params: P,
  options: RequestOptions,
) => APIPromise<Task<unknown>>;

interface Entry<F extends keyof GenerationFamilies, P> {
  submit: Submit<F, P>;
  /** Vidgen only: the task kind to query by the caller's `external_task_id`. */
  vidgenKind?: VidgenKindName;
}

const vidgen = <P>(kind: VidgenKindName, submit: Submit<"vidgen", P>): Entry<"vidgen", P> => ({
  submit,
  vidgenKind: kind,
});

const OPERATIONS: { [O in GenerationOperation]: Entry<FamilyOf<O>, GenerationOperations[O]> } = {
  // The model decides the params type of `create`; the union was checked when the job was added.
  "videos.create": { submit: (videos, p, o) => videos.create(p as VideoCreateParams & { model: string }, o) },
  "vidgen.images.generate": vidgen("generations", (v, p, o) => v.images.generate(p, o)),
  "vidgen.images.expand": vidgen("expand", (v, p, o) => v.images.expand(p, o)),
  "vidgen.images.multiImageToImage": vidgen("multi-image2image", (v, p, o) =>
    v.images.multiImageToImage(p, o),
  ),
  "vidgen.videos.textToVideo": vidgen("text2video", (v, p, o) => v.videos.textToVideo(p, o)),
  "vidgen.videos.imageToVideo": vidgen("image2video", (v, p, o) => v.videos.imageToVideo(p, o)),
  "vidgen.videos.multiImageToVideo": vidgen("multi-image2video", (v, p, o) =>
    v.videos.multiImageToVideo(p, o),
  ),
  "vidgen.videos.extend": vidgen("video-extend", (v, p, o) => v.videos.extend(p, o)),
  "vidgen.audio.textToAudio": vidgen("text-to-audio", (v, p, o) => v.audio.textToAudio(p, o)),
  "vidgen.audio.videoToAudio": vidgen("video-to-audio", (v, p, o) => v.audio.videoToAudio(p, o)),
  "musicgen.submit.music": { submit: (music, p, o) => music.submit.music(p, o) },
  "musicgen.submit.lyrics": { submit: (music, p, o) => music.submit.lyrics(p, o) },
  "musicgen.submit.concat": { submit: (music, p, o) => music.submit.concat(p, o) },
  "musicgen.v1.generate": { submit: (music, p, o) => music.v1.generate(p, o) },
  "musicgen.v1.generateLyrics": { submit: (music, p, o) => music.v1.generateLyrics(p, o) },
  "musicgen.v1.concat": { submit: (music, p, o) => music.v1.concat(p, o) },
  "musicgen.stems.separate": { submit: (music, p, o) => music.stems.separate(p, o) },
};

/** One operation as the queue runs it, whatever its params type. */
export interface QueuedOperation {
  name: GenerationOperation;
  /** The client namespace it runs on; a client without it cannot run the job. */
  family: keyof GenerationFamilies;
  /** Sends the paid submission (the client checks the params first) and hands back its task. */
  submit(client: GenerationClient, params: object, options: RequestOptions): APIPromise<Task<unknown>>;
  /**
   * Vidgen: reads the task whose `external_task_id` is `externalId`; resolves to its handle, or to
   * undefined when the gateway says it has no such task. Other families cannot be looked up.
   */
  lookup?(
    client: GenerationClient,
    externalId: string,
    options: RequestOptions,
  ): Promise<TaskRef | undefined>;
}

/** The operation `name` names, or undefined for a name no operation has. */
export function operationNamed(name: unknown): QueuedOperation | undefined {
  if (typeof name !== "string" || !Object.hasOwn(OPERATIONS, name)) return undefined;
  const entry = OPERATIONS[name as GenerationOperation] as Entry<keyof GenerationFamilies, object>;
  const family = name.slice(0, name.indexOf(".")) as keyof GenerationFamilies;
  const kind = entry.vidgenKind;
  return {
    name: name as GenerationOperation,
    family,
    submit: (client, params, options) => entry.submit(familyOf(client, family) as never, params, options),
    ...(kind ? { lookup: (client, id, options) => findByExternalId(client, kind, id, options) } : {}),
  };
}

export const operationNames = (): string[] => Object.keys(OPERATIONS);

/** The client's namespace for `family`; the worker checks that it has one before a job's money. */
function familyOf<F extends keyof GenerationFamilies>(
  client: GenerationClient,
  family: F,
): GenerationFamilies[F] {
  const namespace = client[family];
  if (!namespace) throw new TypeError(`The client has no ${family}.`);
  return namespace as GenerationFamilies[F];
}

/**
 * Kling answers a query for an id it does not know with 404 and code 1203; new-api relays with
 * `task_not_exist`. Only those say "no such task": a 404 without them (a route the relay lacks),
 * a 5xx or a dropped connection says nothing about the task, and is thrown.
 */
const NOT_FOUND_CODES = new Set<unknown>([1203, "1203", "task_not_exist"]);

async function findByExternalId(
  client: GenerationClient,
  kind: VidgenKindName,
  externalId: string,
  options: RequestOptions,
): Promise<TaskRef | undefined> {
  try {
    const snapshot = await familyOf(client, "vidgen").retrieve(externalId, kind, options);
    return { kind: snapshot.kind, id: snapshot.id };
  } catch (error) {
    if (
      (error as { status?: unknown }).status === 404 &&
      NOT_FOUND_CODES.has((error as { code?: unknown }).code)
    ) {
      return undefined;
    }
    throw error;
  }
}
