#!/usr/bin/env bun
// rentals-cli: the operator's command line (see cli/program.ts and README "Operator CLI").
import { runCli } from "./program";
import { processIo } from "./io";

const io = processIo();
const code = await runCli(process.argv.slice(2), io);
// Let everything written reach the terminal or pipe, then leave (no pool or timer keeps us).
await io.stdout("");
await io.stderr("");
process.exit(code);
