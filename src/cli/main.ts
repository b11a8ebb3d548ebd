#!/usr/bin/env node
/** The genway command (package.json "bin"): one run on this process's streams and environment. */
import { run } from "./run.js";

process.exitCode = await run(process.argv.slice(2), process);
