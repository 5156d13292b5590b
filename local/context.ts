import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { StackConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { MailCatcher } from './mail/catcher.ts';
import type { Mailer } from './mail/send.ts';

export type Logger = (line: string) => void;

/** What every service of the stack is built from. */
export interface StackContext {
  config: StackConfig;
  db: Database;
  log: Logger;
  /** Sends the stack's own emails (Auth's); the catcher is there unless SMTP_HOST names a real server. */
  mail: { mailer: Mailer; catcher?: MailCatcher };
}

/** A service mounted under a path prefix; `subpath` is the path after the prefix, starting with '/'. */
export interface HttpService {
  handle(req: IncomingMessage, res: ServerResponse, subpath: string, url: URL): Promise<void>;
  close?(): Promise<void>;
}

export interface UpgradeService {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}
