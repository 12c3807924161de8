// What every service function receives: the database and a logger. Transports build it once.
import type { Db } from "../db";
import type { Logger } from "../log";
import type { Config } from "../config";

export type Services = { db: Db; provider: "sqlite" | "postgresql"; log: Logger; config: Config };
