/** Every command of the genway CLI, in the order `genway --help` lists them. */
import type { Command } from "../command.js";
import { balance } from "./balance.js";
import { chat } from "./chat.js";
import { cost } from "./cost.js";
import { demo } from "./demo.js";
import { image } from "./image.js";
import { mock } from "./mock.js";
import { models } from "./models.js";
import { music } from "./music.js";
import { speech } from "./speech.js";
import { task } from "./task.js";
import { video } from "./video.js";
import { vidgen } from "./vidgen.js";

export const commands: Command[] = [
  chat,
  image,
  speech,
  video,
  vidgen,
  music,
  task,
  cost,
  models,
  balance,
  mock,
  demo,
];
