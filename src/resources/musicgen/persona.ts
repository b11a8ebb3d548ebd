/** gw.musicgen.persona: a voice/style persona made from existing clips; its id is the `persona_id` of persona songs. */
import type { APIPromise, RequestOptions, TaskClientContext } from "../../core/http/index.js";
import { PERSONA_CREATE } from "./operations.js";
import { request } from "./request.js";
import type { MusicPersonaCreateParams } from "./requests.js";
import type { MusicPersona } from "./results.js";

/** `gw.musicgen.persona`: personas made from clips. */
export class MusicPersonas {
  constructor(private readonly client: TaskClientContext) {}

  /**
   * POST /musicgen/persona/create/. The root clip must exist in the system, must not be an uploaded
   * clip, and cannot cross accounts.
   */
  create(params: MusicPersonaCreateParams, options?: RequestOptions): APIPromise<MusicPersona> {
    return request(this.client, PERSONA_CREATE, params, options);
  }
}
