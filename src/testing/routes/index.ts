/** Every route of the mock gateway, by family. */
import type { Route } from "../context.js";
import { chatRoutes } from "./chat.js";

export const routes: Route[] = [...chatRoutes];
