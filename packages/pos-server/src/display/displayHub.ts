import { randomInt } from 'node:crypto';
import { DISPLAY_CODE_MINUTES, type DisplayMessage, type DisplayStatus } from 'pos-sdk/contract';
import { createOpaqueToken, hashToken } from '../auth';

/** One open event stream of a paired display: what the hub writes to it. */
export interface DisplayStream {
  /** Sends a message the display shows. */
  send(message: DisplayMessage): void;
  /** Ends the stream with the `unpaired` event (the display stops following). */
  unpair(): void;
  /** Ends the stream without a word (the server is closing: the display reconnects). */
  close(): void;
}

/** Most event streams one terminal's display holds open; a newer one closes the oldest (a reloaded tablet). */
export const MAX_STREAMS_PER_TERMINAL = 4;

interface TerminalDisplay {
  /** sha256 of the paired tablet's token; null while none is paired. */
  tokenHash: string | null;
  /** sha256 of the terminal's live pairing code, if any (a newer code ends it). */
  codeHash: string | null;
  latest: DisplayMessage;
  readonly streams: Set<DisplayStream>;
}

/** What claiming a code came to. */
export type ClaimOutcome =
  | { ok: true; token: string; terminal: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'used' };

/**
 * The customer displays of one server process, in memory: each terminal's live pairing code, the hash of its paired
 * tablet's token, the latest message its till published, and its open event streams. Nothing of it is in the
 * database: with several server processes behind one address, the till's calls and the tablet's stream must reach
 * the same process (sticky routing), and a restart unpairs every tablet (it shows 'Not paired' and pairs again).
 * Codes and tokens are kept only as hashes. Bounded: one entry per terminal that used the display, a few codes
 * (expired ones are dropped as new ones come), at most {@link MAX_STREAMS_PER_TERMINAL} streams per terminal.
 */
export interface DisplayHub {
  /** A new six-digit code for the terminal (its earlier code ends), valid {@link DISPLAY_CODE_MINUTES} minutes. */
  makeCode(terminal: string, now: Date): { code: string; expiresAt: Date };
  /** Claims a code once: a new token for the code's terminal (the earlier tablet's token ends, its streams too). */
  claim(code: string, now: Date): ClaimOutcome;
  /** The terminal a token reads, or undefined for a token nobody holds (never paired, unpaired, replaced). */
  terminalOf(token: string): string | undefined;
  /** Keeps the terminal's latest message and sends it to its open streams. */
  publish(terminal: string, message: DisplayMessage): void;
  /** The terminal's latest message (idle when it published none). */
  latest(terminal: string): DisplayMessage;
  /** Adds an open stream of the terminal's display; returns the function that removes it. */
  open(terminal: string, stream: DisplayStream): () => void;
  /** Ends the terminal's pairing: its token and code stop working, its streams get `unpaired` and close. */
  unpair(terminal: string): void;
  /** Whether a tablet is paired with the terminal, and its open streams. */
  status(terminal: string): DisplayStatus;
  /** Closes every stream (the server is closing). */
  closeAll(): void;
}

/** A six-digit code from the system's secure random source. */
function newCode(): string {
  return String(randomInt(1_000_000)).padStart(6, '0');
}

/** Makes a process's {@link DisplayHub}. */
export function createDisplayHub(): DisplayHub {
  const terminals = new Map<string, TerminalDisplay>();
  /** Live and recently used codes by hash: the terminal, the end, and when it was used. */
  const codes = new Map<string, { terminal: string; expiresAt: number; usedAt: number | null }>();
  /** Paired tokens by hash: the terminal. */
  const tokens = new Map<string, string>();

  const entryOf = (terminal: string): TerminalDisplay => {
    let entry = terminals.get(terminal);
    if (entry === undefined) {
      entry = { tokenHash: null, codeHash: null, latest: { kind: 'idle' }, streams: new Set() };
      terminals.set(terminal, entry);
    }
    return entry;
  };

  // A code is remembered for as long again after it ends, so a late claim hears 'expired' or 'used', not 'unknown'.
  const forgetOldCodes = (now: number) => {
    const keep = DISPLAY_CODE_MINUTES * 60_000;
    for (const [hash, code] of codes) if (code.expiresAt + keep <= now) codes.delete(hash);
  };

  const endStreams = (entry: TerminalDisplay) => {
    for (const stream of [...entry.streams]) stream.unpair();
    entry.streams.clear();
  };

  return {
    makeCode(terminal, now) {
      forgetOldCodes(now.getTime());
      const entry = entryOf(terminal);
      const earlier = entry.codeHash === null ? undefined : codes.get(entry.codeHash);
      if (earlier !== undefined && earlier.usedAt === null)
        earlier.expiresAt = Math.min(earlier.expiresAt, now.getTime());
      let code = newCode();
      // Two terminals never hold the same live code.
      while (codes.has(hashToken(code))) code = newCode();
      const expiresAt = new Date(now.getTime() + DISPLAY_CODE_MINUTES * 60_000);
      const hash = hashToken(code);
      codes.set(hash, { terminal, expiresAt: expiresAt.getTime(), usedAt: null });
      entry.codeHash = hash;
      return { code, expiresAt };
    },

    claim(code, now) {
      const at = now.getTime();
      forgetOldCodes(at);
      const found = codes.get(hashToken(code));
      if (found === undefined) return { ok: false, reason: 'unknown' };
      if (found.usedAt !== null) return { ok: false, reason: 'used' };
      if (found.expiresAt <= at) return { ok: false, reason: 'expired' };
      found.usedAt = at;
      const entry = entryOf(found.terminal);
      // One tablet per terminal: the one paired before stops following.
      if (entry.tokenHash !== null) tokens.delete(entry.tokenHash);
      endStreams(entry);
      const token = createOpaqueToken();
      entry.tokenHash = hashToken(token);
      tokens.set(entry.tokenHash, found.terminal);
      return { ok: true, token, terminal: found.terminal };
    },

    terminalOf(token) {
      return tokens.get(hashToken(token));
    },

    publish(terminal, message) {
      const entry = entryOf(terminal);
      entry.latest = message;
      for (const stream of entry.streams) stream.send(message);
    },

    latest(terminal) {
      return terminals.get(terminal)?.latest ?? { kind: 'idle' };
    },

    open(terminal, stream) {
      const entry = entryOf(terminal);
      if (entry.streams.size >= MAX_STREAMS_PER_TERMINAL) {
        const oldest = entry.streams.values().next().value;
        if (oldest !== undefined) {
          entry.streams.delete(oldest);
          oldest.unpair();
        }
      }
      entry.streams.add(stream);
      return () => {
        entry.streams.delete(stream);
      };
    },

    unpair(terminal) {
      const entry = terminals.get(terminal);
      if (entry === undefined) return;
      if (entry.tokenHash !== null) tokens.delete(entry.tokenHash);
      entry.tokenHash = null;
      const code = entry.codeHash === null ? undefined : codes.get(entry.codeHash);
      if (code !== undefined && code.usedAt === null) code.expiresAt = 0;
      endStreams(entry);
    },

    status(terminal) {
      const entry = terminals.get(terminal);
      return {
        terminal,
        paired: entry?.tokenHash != null,
        watching: entry?.streams.size ?? 0,
      };
    },

    closeAll() {
      for (const entry of terminals.values()) {
        for (const stream of [...entry.streams]) stream.close();
        entry.streams.clear();
      }
    },
  };
}
