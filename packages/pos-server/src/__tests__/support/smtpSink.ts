/**
 * A real SMTP server inside the test process (smtp-server), that parses what arrives with mailparser: the mail
 * suites send through nodemailer to it exactly as to a venue's mail server. Not a test file itself.
 */
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import jsQR from 'jsqr';
import { type ParsedMail, simpleParser } from 'mailparser';
import { PNG } from 'pngjs';
import { SMTPServer } from 'smtp-server';

/** A running SMTP server and the messages it accepted, parsed. */
export interface SmtpSink {
  port: number;
  url: string;
  messages: ParsedMail[];
  /** Resolves once `count` messages have arrived (or rejects after `timeoutMs`). */
  received(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (nothing listens on it once this resolves). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * Starts an SMTP server on 127.0.0.1 (on `port`, or a free one) that accepts user `pos` / password `secret`.
 */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: false,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'pos' && auth.password === 'secret') callback(null, { user: 'pos' });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      simpleParser(stream, { keepCidLinks: true }).then(
        (parsed) => {
          messages.push(parsed);
          for (const waiter of waiters) waiter();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    url: `smtp://pos:secret@127.0.0.1:${address.port}`,
    messages,
    received: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(messages);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} messages, got ${messages.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of the QR code in a PNG (decoded with jsQR), or null when none is found. */
export function decodeQrPng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  return code?.data ?? null;
}
