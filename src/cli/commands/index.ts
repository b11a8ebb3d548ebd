/** Every command of the genway CLI, in the order `genway --help` lists them. */
import type { Command } from "../command.js";
import { chat } from "./chat.js";
import { cost } from "./cost.js";
import { demo } from "./demo.js";
import { mock } from "./mock.js";

export const commands: Command[] = [chat, cost, mock, demo];
