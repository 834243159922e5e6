import { createServer, type Server, type Socket } from 'node:net';

/** `DLE EOT 4`, the paper sensor question the shell asks before a print. */
const PAPER_QUESTION = [0x10, 0x04, 0x04];

/** A receipt printer on a TCP port, as far as the shell can tell: it keeps every job's bytes and answers the paper question. */
export interface EscPosSink {
  readonly port: number;
  /** The jobs received, one per connection, in order (the paper question taken out). */
  readonly jobs: Buffer[];
  /** The byte the paper sensor answers: 0x12 paper loaded (default), 0x72 out of paper, undefined: no answer. */
  paperStatus: number | undefined;
  /** Waits until `count` jobs have come. */
  waitForJobs(count: number, timeoutMs?: number): Promise<Buffer[]>;
  /** Stops listening: the printer is switched off (connections are refused). */
  switchOff(): Promise<void>;
  /** Listens again on the same port. */
  switchOn(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a sink on a free port of 127.0.0.1. */
export async function startEscPosSink(): Promise<EscPosSink> {
  const jobs: Buffer[] = [];
  const sockets = new Set<Socket>();
  let server: Server;
  let port = 0;
  const sink: EscPosSink = {
    get port() {
      return port;
    },
    jobs,
    paperStatus: 0x12,
    waitForJobs: async (count, timeoutMs = 15_000) => {
      const until = Date.now() + timeoutMs;
      while (jobs.length < count) {
        if (Date.now() > until) throw new Error(`${jobs.length} print jobs came, not ${count}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return jobs.slice(0, count);
    },
    switchOff: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
    switchOn: () => listen(port),
    close: () => sink.switchOff(),
  };
  const listen = (on: number) =>
    new Promise<void>((resolve, reject) => {
      server = createServer((socket) => {
        sockets.add(socket);
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => {
          let data = chunk;
          if (chunks.length === 0 && PAPER_QUESTION.every((byte, index) => data[index] === byte)) {
            if (sink.paperStatus !== undefined) socket.write(Buffer.from([sink.paperStatus]));
            data = data.subarray(PAPER_QUESTION.length);
          }
          if (data.length > 0) chunks.push(data);
        });
        socket.on('error', () => undefined);
        socket.on('close', () => {
          sockets.delete(socket);
          const job = Buffer.concat(chunks);
          if (job.length > 0) jobs.push(job);
        });
        socket.on('end', () => socket.end());
      });
      server.once('error', reject);
      server.listen(on, '127.0.0.1', () => {
        const address = server.address();
        if (typeof address === 'object' && address) port = address.port;
        resolve();
      });
    });
  await listen(0);
  return sink;
}

/** What a job holds, decoded: its text (PC858 read as Latin-1, control bytes dropped), QR payloads, cut, drawer kick. */
export interface DecodedJob {
  readonly text: string;
  readonly qrCodes: string[];
  readonly cut: boolean;
  readonly drawerKick: boolean;
}

/** Reads a job's ESC/POS bytes back. */
export function decodeJob(job: Buffer): DecodedJob {
  const qrCodes: string[] = [];
  // GS ( k pL pH 31 50 30 d1...dk: store the QR code's data (fn 180); pL pH count the 3 bytes of cn fn m too.
  for (let index = 0; index + 8 <= job.length; index++) {
    if (
      job[index] === 0x1d &&
      job[index + 1] === 0x28 &&
      job[index + 2] === 0x6b &&
      job[index + 5] === 0x31 &&
      job[index + 6] === 0x50 &&
      job[index + 7] === 0x30
    ) {
      const length = (job[index + 3] ?? 0) + (job[index + 4] ?? 0) * 256 - 3;
      qrCodes.push(job.subarray(index + 8, index + 8 + length).toString('latin1'));
    }
  }
  return {
    text: job.toString('latin1'),
    qrCodes,
    cut: job.includes(Buffer.from([0x1d, 0x56, 0x00])),
    drawerKick: job.includes(Buffer.from([0x1b, 0x70, 0x00, 0x19, 0xfa])),
  };
}
