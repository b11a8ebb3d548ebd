/** genway/testing: the mock gateway. */
export type { MockContext, Route } from "./context.js";
export type { Envelope, MockError } from "./envelopes.js";
export type { Fault } from "./faults.js";
export { FaultQueue } from "./faults.js";
export {
  createMockGateway,
  type ListenOptions,
  type MockGateway,
  type MockServer,
  type RecordedRequest,
} from "./gateway.js";
export type { FrameOptions, ResetPoint } from "./http.js";
export type { RelayStreamOptions } from "./relay-streams.js";
export type { MockGatewayOptions, MockState } from "./state.js";
