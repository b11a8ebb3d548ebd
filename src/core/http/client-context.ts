/**
 * What a family's namespace holds of the client: the one transport every request goes through, the
 * validation mode and the task registry. The client is one; the namespaces only ever see this much of it.
 */
import type { TaskRegistry } from "../tasks/tasks.js";
import type { ValidationMode } from "../validation/validate.js";
import type { Transport } from "./transport.js";

export interface ClientContext {
  readonly transport: Transport;
  readonly validation: ValidationMode;
}

/**
 * The context of a client whose families make tasks (video, vidgen, music): the task kinds of
 * the client (kind -> query / normalize / batch), shared by its namespaces. A client without
 * tasks (chat, images, audio) has none, so its bundle carries no task machinery.
 */
export interface TaskClientContext extends ClientContext {
  readonly taskRegistry: TaskRegistry;
}

declare const RESULTS: unique symbol;

/** A family's task kinds; its type also carries each kind's result type (`TaskResults` is built from it). */
export type TaskKinds<R> = readonly (keyof R & string)[] & { readonly [RESULTS]?: R };

/**
 * The task kinds of `R` (kind -> the result of its succeeded snapshot), each named once:
 * `taskKinds<VideoTaskResults>({ video: true })`. A kind `R` has and the list lacks, or one it
 * names that `R` lacks, does not compile.
 */
export function taskKinds<R>(kinds: { readonly [K in keyof R]: true }): TaskKinds<R> {
  return Object.keys(kinds) as unknown as TaskKinds<R>;
}

/**
 * What a family gives a client, declared once in its folder (`src/resources/<family>/family.ts`)
 * and listed in the manifest (`src/resources/families.ts`): the client's namespaces, the
 * subpath entries, `TaskResults`, `limits` and the tests that list families are read from it.
 * `C` is the context its namespaces need: a family with tasks needs a `TaskClientContext`.
 */
export interface Family<C extends ClientContext = ClientContext> {
  /** Each namespace it puts on a client (`gw.videos`), and how it is opened over that client. */
  readonly namespaces: Readonly<Record<string, (client: C) => object>>;
  /** The subpaths that carry it besides `genway` (`"videos"` is genway/videos). */
  readonly entries: readonly string[];
  /** Its task kinds and their results (`taskKinds<...>(...)`); absent for a family without jobs. */
  readonly kinds?: readonly string[] & { readonly [RESULTS]?: object };
  /** Its part of `limits`, under its namespace (`{ videos: videosLimits }`). */
  readonly limits: object;
  /**
   * The rows of the spec's price table (src/money/catalog.ts) it adds: the ids of the price
   * families its calls are billed by. A row serves every family whose calls it prices (the chat
   * rows price all four chat formats); each is listed by one family.
   */
  readonly prices: readonly string[];
}

/** The families of a list or of a map (`FAMILIES`), as one union. */
type OneOf<F> = F extends readonly unknown[] ? F[number] : F[keyof F];
/** `A | B` as `A & B`. */
type Both<U> = (U extends unknown ? (each: U) => void : never) extends (all: infer I) => void ? I : never;

/** The namespaces some families put on a client: `{ readonly videos: Videos; ... }`. */
export type Namespaces<F> = Both<
  OneOf<F> extends infer One
    ? One extends { readonly namespaces: infer N }
      ? { readonly [K in keyof N]: N[K] extends (client: never) => infer T ? T : never }
      : never
    : never
>;

/** Every task kind of some families, and the result of its succeeded snapshot: `{ video: VideoResult; ... }`. */
export type KindResults<F> = Both<
  OneOf<F> extends infer One
    ? One extends { readonly kinds: { readonly [RESULTS]?: infer R } }
      ? Exclude<R, undefined>
      : never
    : never
>;

/** The bounds of some families, each under its namespace: `{ videos: { vidA: ... }; ... }`. */
export type FamilyLimits<F> = Both<
  OneOf<F> extends infer One ? (One extends { readonly limits: infer L } ? L : never) : never
>;
