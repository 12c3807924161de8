// rentals-cli: operator tooling on the server host. Every command calls the services (never SQL)
// over the database the server uses. Exit codes: 0 done, 1 refused (a one-line reason on stderr),
// 2 bad usage, 130 interrupted. Secrets (generated passwords, API keys) are printed once, on stdout, when made.
// Each command group is a file of ./commands.
import { Command, CommanderError } from "commander";
import { version } from "../package.json";
import { withoutPasswords } from "../server/config";
import { BackupRefused } from "../server/db/backup";
import { AppError } from "../server/errors";
import { type CliIo, Interrupted, printError, processIo, Refused, UsageError, unexpectedReason, withIo } from "./io";
import { examples } from "./commands/shared";
import { registerAdminCommands } from "./commands/admin";
import { registerDealershipCommands } from "./commands/dealership";
import { registerDriverCommands } from "./commands/driver";
import { registerApiKeyCommands } from "./commands/api-key";
import { registerServiceAreaCommands } from "./commands/service-area";
import { registerDbCommands } from "./commands/db";
import { registerMaintenanceCommands } from "./commands/maintenance";
import { registerSeedCommands } from "./commands/seed";

/** A new program for each run (commander keeps the parsed options on it), its output on `io`. */
function buildProgram(io: CliIo): Command {
  const program = new Command("rentals-cli")
    .description(
      "CapeDrive operator tooling: admins, dealerships, drivers, API keys, service areas, the database, housekeeping and demo data.\nUses the server's configuration (DATA_DIR, DATABASE_URL...) and writes every change to the audit log.",
    )
    .version(version, "-V, --version", "print the version")
    .exitOverride()
    .configureOutput({
      writeOut: (text) => void io.stdout(text),
      writeErr: (text) => void io.stderr(text),
      getOutHelpWidth: () => io.columns ?? 80, // commander's own default
      getErrHelpWidth: () => io.columns ?? 80,
    })
    .showHelpAfterError("(add --help for usage)")
    .addHelpText(
      "after",
      examples(
        "rentals-cli admin create --email ops@capedrive.co.za --first-name Ada --last-name Lovelace",
        "rentals-cli dealership onboard --help",
        "rentals-cli db status --json",
      ) + "\nExit codes: 0 done, 1 refused (the reason on stderr), 2 bad usage, 130 interrupted (Ctrl-C).\n",
    );

  registerAdminCommands(program);
  registerDealershipCommands(program);
  registerDriverCommands(program);
  registerApiKeyCommands(program);
  registerServiceAreaCommands(program);
  registerDbCommands(program);
  registerMaintenanceCommands(program);
  registerSeedCommands(program);
  for (const group of program.commands) addHelpCommand(group);
  addHelpCommand(program);
  checkRequiredOptionsLast(program);

  return program;
}

/**
 * Options written before the command they belong to (`rentals-cli --json admin list`, a habit
 * from tools with global flags), which commander calls unknown without a word on where they go:
 * the usage error says where. Only when the words after them name a command that takes them.
 */
function misplacedOptions(program: Command, argv: string[]): string | undefined {
  const early: string[] = [];
  const path: string[] = [];
  let command = program;
  let rest: string[] = [];
  for (const [i, arg] of argv.entries()) {
    if (arg.startsWith("-")) {
      if (["-h", "--help", "-V", "--version"].includes(arg)) return undefined;
      early.push(arg);
      continue;
    }
    const sub = command.commands.find((c) => c.name() === arg);
    if (!sub) return undefined;
    path.push(arg);
    command = sub;
    if (sub.commands.length === 0) {
      rest = argv.slice(i + 1);
      break;
    }
  }
  const known = (flag: string) => command.options.some((o) => o.long === flag.split("=")[0] || o.short === flag);
  if (command.commands.length > 0 || early.length === 0 || !early.every(known)) return undefined;
  return `${early.join(" ")} goes after the command: rentals-cli ${[...path, ...rest, ...early].join(" ")}`;
}

/**
 * `help [command...]` on the program and on each group (commander's own finds one level only, and
 * for an unknown name showed the group's help with no error): `help admin create` and
 * `admin help create` show what `admin create --help` shows; a mistyped name is refused with
 * commander's "Did you mean ...?".
 */
function addHelpCommand(parent: Command): void {
  const path = parent.parent ? `rentals-cli ${parent.name()}` : "rentals-cli";
  const example = parent.parent ? `${path} help ${parent.commands[0]?.name() ?? ""}`.trimEnd() : `${path} help admin create`;
  parent
    .helpCommand(false)
    .command("help")
    .description("show help for a command (as --help does)")
    .argument("[command...]", parent.parent ? `the command, e.g. ${parent.commands[0]?.name()}` : "the command, e.g. admin create")
    .addHelpText("after", examples(`${path} help`, example))
    .action(async (names: string[]) => {
      let command = parent;
      for (const name of names) {
        const sub = command.commands.find((c) => c.name() === name || c.aliases().includes(name));
        // Parsing the unknown name makes commander refuse it as it would after `--help`, with its "Did you mean ...?".
        if (!sub) {
          await command.parseAsync([name], { from: "user" });
          return;
        }
        command = sub;
      }
      command.help();
    });
}

/**
 * Required options are checked after unknown ones and missing arguments: commander checks them
 * first, so `admin create --emial x` was told "--email not specified" instead of "Did you mean
 * --email?". Their help says "(required)", which commander's does not.
 */
function checkRequiredOptionsLast(command: Command): void {
  const required = command.options.filter((option) => option.mandatory);
  for (const option of required) {
    option.mandatory = false;
    option.description = `${option.description} (required)`;
  }
  if (required.length > 0)
    command.hook("preAction", () => {
      for (const option of required)
        if (command.getOptionValue(option.attributeName()) === undefined)
          command.error(`error: required option '${option.flags}' not specified`, { code: "commander.missingMandatoryOptionValue" });
    });
  for (const sub of command.commands) checkRequiredOptionsLast(sub);
}

/** One line, without secrets: connection URLs (even mistyped ones) lose their password. */
function oneLine(text: string): string {
  const line = withoutPasswords(text)
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .join(" ");
  return line.length > 400 ? `${line.slice(0, 397)}...` : line;
}
/**
 * Runs the CLI with these arguments, reading and writing `io` (by default the process's streams
 * and environment); resolves to the exit code. It never exits the process: cli/main.ts does.
 */
export function runCli(argv: string[], io: CliIo = processIo()): Promise<number> {
  return withIo(io, () => run(buildProgram(io), argv));
}

async function run(program: Command, argv: string[]): Promise<number> {
  try {
    const misplaced = misplacedOptions(program, argv);
    if (misplaced) throw new UsageError(misplaced);
    await program.parseAsync(argv, { from: "user" });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2; // commander printed it
    if (error instanceof UsageError) {
      await printError(`rentals-cli: ${oneLine(error.message)}`);
      return 2;
    }
    if (error instanceof Interrupted) return 130;
    if (error instanceof AppError || error instanceof Refused || error instanceof BackupRefused) {
      await printError(`rentals-cli: ${oneLine(error.message)}`);
      return 1;
    }
    await printError(`rentals-cli: failed: ${oneLine(unexpectedReason(error))}`);
    return 1;
  }
}
