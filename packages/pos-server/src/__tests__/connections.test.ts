import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItem, checkoutBody, jpegBytes, openShift, sell } from './support/saleSupport';
import { CASHIER, createTestApp, SETUP_TIMEOUT_MS, type TestApp, type TestSession } from './support/testApp';

/** One HTTP/1.1 answer read off a socket. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A raw client connection: write bytes, read answers one after the other, see when the server closes it. */
interface RawConnection {
  socket: Socket;
  /** The next complete answer (with a `content-length`), or an error when the connection closes first. */
  nextAnswer(): Promise<Answer>;
  /** Resolves when the server has closed the connection. */
  closed: Promise<void>;
}

function openConnection(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let buffered = Buffer.alloc(0);
    let waiting: { resolve: (answer: Answer) => void; reject: (error: Error) => void } | undefined;
    let isClosed = false;
    const tryAnswer = () => {
      if (waiting === undefined) return;
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine = '', ...lines] = buffered.subarray(0, end).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 0);
      if (buffered.length < end + 4 + length) return;
      const body = buffered.subarray(end + 4, end + 4 + length).toString('utf8');
      buffered = buffered.subarray(end + 4 + length);
      const { resolve: done } = waiting;
      waiting = undefined;
      done({ status: Number(statusLine.split(' ')[1]), headers, body });
    };
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      tryAnswer();
    });
    const closed = new Promise<void>((done) => {
      socket.on('close', () => {
        isClosed = true;
        waiting?.reject(new Error('the server closed the connection before answering'));
        done();
      });
    });
    socket.on('error', () => {}); // a reset shows as 'close'
    socket.once('connect', () =>
      resolve({
        socket,
        closed,
        nextAnswer: () =>
          new Promise<Answer>((answer, fail) => {
            if (isClosed) return fail(new Error('the connection is closed'));
            waiting = { resolve: answer, reject: fail };
            tryAnswer();
          }),
      }),
    );
    socket.once('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('connections over a real socket', () => {
  let t: TestApp;
  let session: TestSession;
  let port: number;
  let ticketId: string;

  beforeAll(async () => {
    // Short timeouts, so a slow client is cut in about a second instead of the default 10 s.
    t = await createTestApp({
      config: { headersTimeoutMs: 1_000, requestTimeoutMs: 2_000, connectionsCheckIntervalMs: 100 },
    });
    session = await t.signIn(CASHIER);
    await openShift(t, session);
    ticketId = (await sell(t, session, checkoutBody([cartItem('DAY-ADULT')]))).tickets[0]?._id ?? '';
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  }, SETUP_TIMEOUT_MS);

  const request = (method: string, path: string, headers: Record<string, string>, body = Buffer.alloc(0)) =>
    Buffer.concat([
      Buffer.from(
        `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n${Object.entries({
          ...session.headers,
          ...headers,
          'content-length': String(body.length),
        })
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('')}\r\n`,
      ),
      body,
    ]);
  const health = () => request('GET', '/v1/health', {});

  /** A register_face upload with 11 text fields before the photo: one more than allowed. */
  function uploadWithTooManyFields(photoBytes: number): Buffer {
    const boundary = '----pos-test-boundary';
    const fields = Array.from(
      { length: 11 },
      (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`,
    ).join('');
    const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const body = Buffer.concat([
      Buffer.from(fields + file),
      jpegBytes(photoBytes),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return request(
      'POST',
      `/v2/register_face/${ticketId}`,
      {
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
    );
  }

  it('answers the next request on a kept-alive connection after refusing an upload with 413', async () => {
    const connection = await openConnection(port);
    try {
      connection.socket.write(uploadWithTooManyFields(1_500_000));
      const refused = await connection.nextAnswer();
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'payload_too_large' });
      connection.socket.write(health());
      const next = await connection.nextAnswer();
      expect(next.status).toBe(200);
      expect(JSON.parse(next.body)).toEqual({ ok: true });
    } finally {
      connection.socket.destroy();
    }
  });

  it('keeps the connection alive after other 4xx answers (400, 403, 404, 415, 413)', async () => {
    const connection = await openConnection(port);
    try {
      const refusals: [Buffer, number][] = [
        [
          request(
            'POST',
            '/v1/admin/set_float',
            { 'content-type': 'application/json' },
            Buffer.from('{"float":'),
          ),
          400,
        ],
        [
          request(
            'POST',
            '/v1/admin/get_orders',
            { authorization: 'Bearer nope', 'content-type': 'application/json' },
            Buffer.from('{}'),
          ),
          403,
        ],
        [request('GET', '/v1/no_such_call', {}), 404],
        [
          request('POST', '/v1/admin/set_float', { 'content-type': 'text/plain' }, Buffer.from('float=12')),
          415,
        ],
        // A JSON body over 1 MB: refused before it is read, then read and thrown away.
        [
          request(
            'POST',
            '/v1/admin/set_float',
            { 'content-type': 'application/json' },
            Buffer.from(`{"float": 12, "x": "${'x'.repeat(1_200_000)}"}`),
          ),
          413,
        ],
      ];
      for (const [sent, status] of refusals) {
        connection.socket.write(sent);
        const answer = await connection.nextAnswer();
        expect(answer.status).toBe(status);
        // HTTP/1.1 keeps a connection unless told `close`; the next request on it is answered below.
        expect(answer.headers.connection).not.toBe('close');
      }
      connection.socket.write(health());
      expect((await connection.nextAnswer()).status).toBe(200);
    } finally {
      connection.socket.destroy();
    }
  });

  it('closes the connection of a refused upload too long to read and throw away (Connection: close)', async () => {
    const connection = await openConnection(port);
    try {
      const upload = uploadWithTooManyFields(4 * 1024 * 1024);
      connection.socket.write(upload);
      const refused = await connection.nextAnswer();
      expect(refused.status).toBe(413);
      expect(refused.headers.connection).toBe('close');
      await connection.closed;
    } finally {
      connection.socket.destroy();
    }
  });

  it('cuts a slow client that sends a header line now and then, before it finishes (slowloris)', async () => {
    const connection = await openConnection(port);
    let linesSent = 0;
    let cut = false;
    void connection.closed.then(() => {
      cut = true;
    });
    connection.socket.write('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // It would take this client 20 s to send its headers; the server allows 1 s here (10 s by default).
    while (!cut && linesSent < 100) {
      await sleep(200);
      if (!cut) connection.socket.write(`X-Slow-${linesSent++}: still sending\r\n`);
    }
    await connection.closed;
    expect(cut).toBe(true);
    expect(linesSent).toBeLessThan(100);
  }, 60_000);

  it('cuts a client that sends its headers but trickles the body', async () => {
    const connection = await openConnection(port);
    connection.socket.write(
      `POST /v1/admin/set_float HTTP/1.1\r\nHost: 127.0.0.1\r\nauthorization: ${session.headers.authorization}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n`,
    );
    let bytesSent = 0;
    let cut = false;
    void connection.closed.then(() => {
      cut = true;
    });
    while (!cut && bytesSent < 100) {
      await sleep(200);
      if (!cut) {
        connection.socket.write(' ');
        bytesSent++;
      }
    }
    await connection.closed;
    expect(bytesSent).toBeLessThan(100);
  }, 60_000);
});
