// One line per event on stdout: time, level, message. Requests log method, path, status and ms.
const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof levels;

export type Logger = {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
};

export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(line + "\n")): Logger {
  const at = (name: Exclude<LogLevel, "silent">) => (message: string) => {
    if (levels[name] >= levels[level]) write(`${new Date().toISOString()} ${name.padEnd(5)} ${message}`);
  };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}
