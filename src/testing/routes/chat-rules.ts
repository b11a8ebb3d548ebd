/** The bounds the gateway enforces on chat requests, answered as 221306 parameter errors. */
export interface Problem {
  message: string;
  param: string;
}

function outside(value: unknown, min: number, max: number): boolean {
  return value !== undefined && value !== null && (typeof value !== "number" || value < min || value > max);
}

export function checkChat(body: unknown): Problem | undefined {
  if (typeof body !== "object" || body === null)
    return { message: "Request body must be a JSON object", param: "" };
  const b = body as Record<string, unknown>;
  if (typeof b.model !== "string" || b.model === "") return { message: "model is required", param: "model" };
  if (!Array.isArray(b.messages) || b.messages.length === 0) {
    return { message: "messages must be a non-empty array", param: "messages" };
  }
  if (outside(b.temperature, 0, 2))
    return { message: "temperature must be between 0 and 2", param: "temperature" };
  if (outside(b.top_p, 0, 1)) return { message: "top_p must be between 0 and 1", param: "top_p" };
  for (const name of ["presence_penalty", "frequency_penalty"]) {
    if (outside(b[name], -2, 2)) return { message: `${name} must be between -2 and 2`, param: name };
  }
  if (Array.isArray(b.stop) && b.stop.length > 4)
    return { message: "stop takes at most 4 sequences", param: "stop" };
  if (b.logit_bias && typeof b.logit_bias === "object") {
    for (const bias of Object.values(b.logit_bias)) {
      if (outside(bias, -100, 100))
        return { message: "logit_bias values must be between -100 and 100", param: "logit_bias" };
    }
  }
  return undefined;
}
