import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type Mail from 'nodemailer/lib/mailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type StreamTransport from 'nodemailer/lib/stream-transport';

/** Where the server's email goes: a real SMTP server, or `.eml` files in a folder. */
export interface MailTransport {
  /** For the log and `npm start`: `smtp://mail.example.com:587` (no password) or the outbox folder. */
  readonly description: string;
  /** `smtp` or `files`. */
  readonly kind: 'smtp' | 'files';
  /** Hands one message over; rejects with the server's or the file system's reason. */
  send(message: Mail.Options, fileName: string): Promise<void>;
  /** Closes pooled connections. */
  close(): void;
}

/** An SMTP URL with the password hidden, for logs: `smtps://pos%40venue.my:***@smtp.example.com:465`. */
export function describeSmtpUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return 'smtp (unreadable URL)';
  }
}

/**
 * A nodemailer transporter made on first use: `nodemailer` is loaded when the first message goes out (after the
 * server listens), not with the server. `close` before any message closes nothing.
 */
function lazyTransporter<T extends { close(): void }>(
  create: (nodemailer: typeof import('nodemailer')['default']) => T,
) {
  let transporter: Promise<T> | undefined;
  let made: T | undefined;
  return {
    get: (): Promise<T> => {
      transporter ??= import('nodemailer').then((module) => {
        made = create(module.default);
        return made;
      });
      return transporter;
    },
    close: () => made?.close(),
  };
}

/**
 * Sends through an SMTP server with nodemailer (`POS_SMTP_URL`: `smtp://user:password@host:587` with STARTTLS when
 * the server offers it, or `smtps://…:465` for TLS from the start).
 */
export function createSmtpTransport(url: string, options: { timeoutMs?: number } = {}): MailTransport {
  const timeout = options.timeoutMs ?? 30_000;
  const transporter = lazyTransporter((nodemailer) =>
    nodemailer.createTransport({
      url,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    } as SMTPTransport.Options),
  );
  return {
    kind: 'smtp',
    description: describeSmtpUrl(url),
    send: async (message) => {
      await (await transporter.get()).sendMail(message);
    },
    close: transporter.close,
  };
}

/**
 * Writes each message as an `.eml` file (RFC 5322, opens in any mail program) into `folder`: the default when no
 * SMTP server is configured, so a fresh machine keeps every message. The file is written under a temporary name and
 * renamed into place, so a reader never sees half a message; a message sent again replaces its own file.
 */
export function createFileTransport(folder: string): MailTransport {
  const absolute = resolve(folder);
  const composer = lazyTransporter((nodemailer) =>
    nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'unix',
    } as StreamTransport.Options),
  );
  return {
    kind: 'files',
    description: absolute,
    send: async (message, fileName) => {
      const info = await (await composer.get()).sendMail(message);
      await mkdir(absolute, { recursive: true, mode: 0o700 });
      const target = join(absolute, fileName);
      const temporary = `${target}.${randomUUID()}.tmp`;
      await writeFile(temporary, info.message as Buffer, { mode: 0o600 });
      await rename(temporary, target);
    },
    close: composer.close,
  };
}

/** The transport of the settings: SMTP when `POS_SMTP_URL` is set, else `.eml` files in `<POS_DATA_DIR>/outbox/`. */
export function createMailTransport(settings: {
  smtpUrl: string | undefined;
  dataDir: string;
}): MailTransport {
  return settings.smtpUrl === undefined
    ? createFileTransport(join(settings.dataDir, 'outbox'))
    : createSmtpTransport(settings.smtpUrl);
}
