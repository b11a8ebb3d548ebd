/** Every route of the mock gateway, by family. */
import type { Route } from "../context.js";
import { accountRoutes } from "./account.js";
import { audioRoutes } from "./audio.js";
import { chatRoutes } from "./chat.js";
import { fileRoutes } from "./files.js";
import { imageRoutes } from "./images.js";
import { messagesRoutes } from "./messages.js";
import { musicgenRoutes } from "./musicgen.js";
import { nativeRoutes } from "./native.js";
import { responsesRoutes } from "./responses.js";
import { videoRoutes } from "./videos.js";
import { vidgenRoutes } from "./vidgen.js";
import { vidgenNewApiRoutes } from "./vidgen-newapi.js";

export const routes: Route[] = [
  ...chatRoutes,
  ...imageRoutes,
  ...audioRoutes,
  ...fileRoutes,
  ...messagesRoutes,
  ...responsesRoutes,
  ...nativeRoutes,
  ...videoRoutes,
  ...vidgenRoutes,
  ...vidgenNewApiRoutes,
  ...musicgenRoutes,
  ...accountRoutes,
];
