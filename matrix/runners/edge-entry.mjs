// Evaluated inside the edge-runtime VM (bundled to one script by edge.mjs).
import * as genway from "genway";
import { scenario } from "../scenario.mjs";

globalThis.matrixResult = scenario(genway, globalThis.matrixConfig);
