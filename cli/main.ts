#!/usr/bin/env bun
// rentals-cli: the operator's command line (see cli/program.ts and README "Operator CLI").
import { runCli } from "./program";
import { write } from "./io";

const code = await runCli(process.argv.slice(2));
// Let everything written reach the terminal or pipe, then leave (no pool or timer keeps us).
await write("");
await write("", process.stderr);
process.exit(code);
