#!/usr/bin/env bun
// rentals-cli: the operator's command line (see cli/program.ts and README "Operator CLI").
import { runCli } from "./program";
import { processIo, stdoutWriteFailure } from "./io";

const io = processIo();
const code = await runCli(process.argv.slice(2), io);
// Let everything written reach the terminal or pipe, then leave (no pool or timer keeps us).
await io.stdout("");
// An answer that never reached its file (a full disk...) is a failure, even when the work was done:
// a script must not take an empty file for a key or a listing. A reader that left (`| head`) is not.
const failure = stdoutWriteFailure();
if (failure && failure.code !== "EPIPE") {
  await io.stderr(
    `rentals-cli: could not write to standard output (${failure.message}); ${code === 0 ? "the command was done, but its answer is lost" : "its answer is lost"}\n`,
  );
  process.exit(code === 0 ? 1 : code);
}
await io.stderr("");
process.exit(code);
