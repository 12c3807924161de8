// One line per event on stdout: time, level, message. Requests log method, path, status and ms.
const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof levels;

/** A message, or a function that makes it (only called when the level is logged: hot paths). */
export type LogMessage = string | (() => string);

export type Logger = {
  debug(message: LogMessage): void;
  info(message: LogMessage): void;
  warn(message: LogMessage): void;
  error(message: LogMessage): void;
};

export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(line + "\n")): Logger {
  const at = (name: Exclude<LogLevel, "silent">) => (message: LogMessage) => {
    if (levels[name] >= levels[level]) write(`${new Date().toISOString()} ${name.padEnd(5)} ${typeof message === "function" ? message() : message}`);
  };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}
