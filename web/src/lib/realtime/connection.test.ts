import { afterEach, describe, expect, it, vi } from 'vitest';
import { RealtimeConnection } from './connection.ts';

/** A socket the test drives: it records what the connection sends and delivers what the test says the server sent. */
class FakeSocket {
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(): void {}
  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** The `t` of each clock-sync ping sent so far. */
  pings(): number[] {
    return this.sent.filter((m) => m.action === 'ping' && typeof m.t === 'number').map((m) => m.t as number);
  }
}

async function openConnection() {
  let socket: FakeSocket | undefined;
  const connection = new RealtimeConnection({
    url: 'ws://127.0.0.1/ws',
    token: () => Promise.resolve('token'),
    createSocket: () => {
      socket = new FakeSocket();
      return socket as unknown as WebSocket;
    },
  });
  connection.start();
  await vi.waitFor(() => expect(socket).toBeDefined());
  socket!.open();
  return { connection, socket: socket! };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the clock-sync exchange of the socket', () => {
  it('takes only the answer to a ping it sent, once: a stray or repeated pong leaves the offset alone', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const { connection, socket } = await openConnection();
    const [first] = socket.pings();
    expect(first).toBeGreaterThanOrEqual(1_000_000);

    // A pong for a time this socket never sent (a stale socket's, or made up) counts for nothing.
    socket.receive({ type: 'pong', t: first! - 1_000, server_time: 5_000_000 });
    expect(connection.serverOffsetMs).toBeNull();
    expect(socket.pings()).toHaveLength(1);

    // The real answer, 40 ms later, with the server 2 s ahead: the offset, and the next ping.
    vi.setSystemTime(first! + 40);
    socket.receive({ type: 'pong', t: first, server_time: first! + 2_020 });
    expect(connection.serverOffsetMs).toBe(2_000);
    expect(socket.pings()).toHaveLength(2);

    // The same pong again is not a second sample: no further ping goes out for it.
    socket.receive({ type: 'pong', t: first, server_time: 9_000_000 });
    expect(connection.serverOffsetMs).toBe(2_000);
    expect(socket.pings()).toHaveLength(2);
    connection.stop();
  });
});
