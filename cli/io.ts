// Terminal input and output for rentals-cli: secrets read without echo (a hidden prompt on a
// terminal, or standard input with --password-stdin), plain tables, JSON, and the two kinds of
// failure with their exit codes (1 refused, 2 bad usage). Everything goes through the current
// run's CliIo: the process's own streams and environment, or those a caller of runCli gives
// (the tests run the CLI in-process that way).
import { AsyncLocalStorage } from "node:async_hooks";

/** A refused operation (exit 1): the message is the one-line reason printed on stderr. */
export class Refused extends Error {}
/** Bad usage (exit 2): a missing terminal for a prompt, a bad configuration... */
export class UsageError extends Error {}
/** Ctrl-C at a prompt. */
export class Interrupted extends Error {}
/** What one run of the CLI reads and writes: its output streams, standard input, environment. */
export interface CliIo {
  /** Writes to standard output; resolves once the text is handed over (an exit right after loses nothing). */
  stdout(text: string): Promise<void>;
  /** Writes to standard error, likewise. */
  stderr(text: string): Promise<void>;
  /** Everything on standard input. */
  readStdin(): Promise<string>;
  /** Reads one line from a terminal without echoing it; absent when there is no terminal to ask on. */
  promptHidden?(question: string): Promise<string>;
  /** Standard input is a terminal (a person typing), not a pipe or a file. */
  stdinIsTerminal?: boolean;
  /** Standard error is a terminal: progress is shown there (never into a pipe or a log). */
  stderrIsTerminal?: boolean;
  /** The environment the configuration is read from (DATA_DIR, DATABASE_URL, LOG_LEVEL...). */
  env: Record<string, string | undefined>;
  /** The width help text wraps at (80 when absent, as commander does for a pipe). */
  columns?: number;
  /**
   * Catches Ctrl-C (SIGINT) and SIGTERM, calling `onSignal` instead of ending the process, until
   * the returned function is called; absent when the run is not a process of its own.
   */
  holdSignals?(onSignal: () => void): () => void;
  /** The process's user id and the account file that names it (the audit log's operator); the process's own when absent. */
  uid?: number;
  passwdFile?: string;
}

/** The first error writing to the process's standard output (a full disk, a closed pipe), if any. */
let stdoutFailure: NodeJS.ErrnoException | undefined;
export const stdoutWriteFailure = () => stdoutFailure;

const writeTo = (stream: NodeJS.WriteStream, text: string) =>
  new Promise<void>((resolve) =>
    stream.write(text, (error) => {
      if (error && stream === process.stdout) stdoutFailure ??= error;
      resolve();
    }),
  );

/** The process's own streams, terminal and environment: what rentals-cli uses when run as a command. */
export function processIo(): CliIo {
  // Failed writes are reported by writeTo's callback; without a listener the stream's error event would throw.
  if (process.stdout.listenerCount("error") === 0) process.stdout.on("error", () => {});
  return {
    stdout: (text) => writeTo(process.stdout, text),
    stderr: (text) => writeTo(process.stderr, text),
    readStdin: () => Bun.stdin.text(),
    promptHidden: process.stdin.isTTY ? promptHidden : undefined,
    stdinIsTerminal: Boolean(process.stdin.isTTY),
    stderrIsTerminal: Boolean(process.stderr.isTTY),
    env: process.env,
    columns: process.stdout.isTTY ? process.stdout.columns : undefined,
    holdSignals: (onSignal) => {
      process.on("SIGINT", onSignal);
      process.on("SIGTERM", onSignal);
      return () => {
        process.off("SIGINT", onSignal);
        process.off("SIGTERM", onSignal);
      };
    },
  };
}

/**
 * Runs work that can stop cleanly: Ctrl-C or SIGTERM aborts its signal (the work undoes what it
 * started), then `note` is printed and the run ends with exit code 130.
 */
export async function interruptible<T>(note: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const release = io().holdSignals?.(() => controller.abort(new Interrupted(note)));
  try {
    return await work(controller.signal);
  } catch (error) {
    if (!controller.signal.aborted) throw error;
    await printError(note);
    throw new Interrupted(note);
  } finally {
    release?.();
  }
}

/**
 * Runs work that must not stop halfway (it commits, then shows what only it knows, such as a
 * generated password): a first Ctrl-C or SIGTERM meanwhile prints `note` on stderr and the work
 * finishes, its answer printed as usual; a second one (a database that does not answer) ends the
 * run at once with 130.
 */
export async function withoutInterruption<T>(note: string, work: () => Promise<T>): Promise<T> {
  const { holdSignals, stderr } = io();
  let signals = 0;
  const release = holdSignals?.(() => {
    signals++;
    if (signals === 1) void stderr(`\n${note} (Ctrl-C again to stop at once)\n`);
    else void stderr("rentals-cli: stopped\n").then(() => process.exit(130));
  });
  try {
    return await work();
  } finally {
    release?.();
  }
}

const current = new AsyncLocalStorage<CliIo>();

/** Runs `fn` with `io` as the CLI's input and output (print, readNewPassword... inside it use it). */
export const withIo = <T>(io: CliIo, fn: () => Promise<T>): Promise<T> => current.run(io, fn);

/** The current run's io; outside of one, the process's. */
export const io = (): CliIo => current.getStore() ?? processIo();

export const print = (text = "") => io().stdout(text + "\n");
export const printError = (text: string) => io().stderr(text + "\n");
export const printJson = (value: unknown) => print(JSON.stringify(value, null, 2));

/** A plain table: a header row, then one row per item; empty cells show "-". */
export function table(headers: string[], rows: (string | number | boolean | null | undefined)[][]): string {
  const cells = [
    headers,
    ...rows.map((row) => row.map((c) => (c === null || c === undefined || c === "" ? "-" : typeof c === "boolean" ? (c ? "yes" : "no") : String(c)))),
  ];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? "").length)));
  return cells.map((row) => row.map((c, i) => (i === row.length - 1 ? c : c.padEnd(widths[i]!))).join("  ")).join("\n");
}

/** Everything on standard input, without the final line break (as `docker login --password-stdin`). */
async function readStdin(): Promise<string> {
  const text = await io().readStdin();
  return text.replace(/\r?\n$/, "");
}

/** Keys typed ahead of a prompt (two lines pasted at once): the next prompt reads them first. */
let typedAhead = "";

/**
 * Reads one line from the process's terminal without echoing it. Ctrl-C aborts (exit 130), Backspace
 * deletes, other control keys (arrows...) are ignored.
 */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  // No echo before the question shows, so nothing typed after it is ever echoed.
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  process.stderr.write(question);
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write("\n");
    };
    const onData = (chunk: string) => {
      for (let i = 0; i < chunk.length; i++) {
        const ch = chunk[i]!;
        if (ch === "\r" || ch === "\n") {
          typedAhead = chunk.slice(i + 1).replace(/^\n/, "");
          finish();
          return resolve(value);
        }
        if (ch === "\u0003") {
          finish();
          return reject(new Interrupted());
        }
        if (ch === "\u0004") {
          if (value !== "") continue;
          finish();
          return reject(new Refused("No password given"));
        }
        if (ch === "\u007f" || ch === "\b") value = Array.from(value).slice(0, -1).join("");
        else if (ch === "\u001b")
          return; // an escape sequence (arrow keys...): ignore the rest of it
        else if (ch >= " ") value += ch;
      }
    };
    stdin.on("data", onData);
    if (typedAhead) {
      const ahead = typedAhead;
      typedAhead = "";
      onData(ahead);
    }
    if (stdin.listenerCount("data") > 0) stdin.resume();
  });
}

/**
 * The password piped in with --password-stdin. Refused on a terminal: reading it there would echo
 * what the person types and wait without a prompt. `otherwise` says what leaving the flag out does.
 */
async function passwordFromStdin(otherwise: string): Promise<string> {
  if (io().stdinIsTerminal)
    throw new UsageError(
      `--password-stdin reads a piped password, but standard input is a terminal: pipe the password in, or leave out --password-stdin ${otherwise}`,
    );
  const password = await readStdin();
  if (password === "") throw new Refused("No password on standard input");
  return password;
}

/**
 * A new password: from standard input with --password-stdin, else asked twice on the terminal
 * without echo. Never from a command-line flag (it would show in `ps` and in shell history).
 */
export async function readNewPassword(options: { passwordStdin?: boolean }, what = "Password"): Promise<string> {
  if (options.passwordStdin) return passwordFromStdin("to be asked for it without echo");
  const prompt = io().promptHidden;
  if (!prompt) throw new UsageError("No terminal to ask for the password on: pipe it in with --password-stdin");
  const first = await prompt(`${what}: `);
  if (first === "") throw new Refused("No password given");
  const second = await prompt(`Repeat ${what.toLowerCase()}: `);
  if (first !== second) throw new Refused("The passwords do not match");
  return first;
}

/** The password from standard input when --password-stdin is given; otherwise none (generate one). */
export async function readOptionalPassword(options: { passwordStdin?: boolean }): Promise<string | undefined> {
  return options.passwordStdin ? passwordFromStdin("to have one generated") : undefined;
}

/**
 * The first line of an unexpected error. Prisma's messages start with the call and the source
 * file with an excerpt of it ("Invalid `tx.driver.create()` invocation in /path..."): for them,
 * the last line (what went wrong) and the error's code.
 */
export function unexpectedReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error).split("\n")[0]!;
  const lines = error.message
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  const prisma = error.name.startsWith("PrismaClient") || /^Invalid `.*` invocation/.test(lines[0] ?? "");
  if (!prisma) return lines[0] ?? error.name;
  const code = (error as { code?: unknown }).code;
  const last = lines.at(-1) ?? "database error";
  return typeof code === "string" && !last.includes(code) ? `${last} (${code})` : last;
}
