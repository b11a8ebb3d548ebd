/** gw.musicgen.persona: a voice/style persona made from existing clips; its id is the `persona_id` of persona songs. */
import type { APIPromise, RequestOptions, TaskClientContext } from "../../core/http/index.js";
import { operation } from "../../core/http/index.js";
import { request } from "./request.js";
import type { MusicPersonaCreateParams } from "./requests.js";
import type { MusicPersona } from "./results.js";
import { personaCreateParams } from "./schema.js";

const CREATE = operation<MusicPersonaCreateParams>({
  name: "musicgen.persona.create",
  method: "POST",
  path: "/musicgen/persona/create/",
  policy: "paid",
  schema: personaCreateParams,
});

/** `gw.musicgen.persona`: personas made from clips. */
export class MusicPersonas {
  constructor(private readonly client: TaskClientContext) {}

  /**
   * POST /musicgen/persona/create/. The root clip must exist in the system, must not be an uploaded
   * clip, and cannot cross accounts.
   */
  create(params: MusicPersonaCreateParams, options?: RequestOptions): APIPromise<MusicPersona> {
    return request(this.client, CREATE, params, options);
  }
}
