import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../rules/serverMessages';
import {
  checkPairingCode,
  checkTerminalId,
  describePairingCode,
  formatPairingCode,
  isTerminalId,
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_MINUTES,
  TERMINAL_ID_RULE_TEXT,
} from '../rules/terminalId';

describe('terminal ids: one rule for the header, both command lines and the pairing screen', () => {
  it.each(['TICKET01', 'till-2', 'a', '9.front_desk', 'A'.repeat(64)])('accepts %s', (id) => {
    expect(checkTerminalId(id)).toEqual({ ok: true, value: id });
    expect(isTerminalId(id)).toBe(true);
  });

  it.each(['-cmd', '--', '.hidden', '_x', 'two words', 'TICKET/01', 'é', 'A'.repeat(65)])(
    'refuses %s with the rule in words',
    (id) => {
      expect(checkTerminalId(id)).toEqual({
        ok: false,
        code: 'invalid_terminal_id',
        message: TERMINAL_ID_RULE_TEXT,
      });
      expect(isTerminalId(id)).toBe(false);
    },
  );

  it('drops surrounding spaces when typed, but a header with spaces is no id', () => {
    expect(checkTerminalId('  TICKET02 ')).toEqual({ ok: true, value: 'TICKET02' });
    expect(isTerminalId(' TICKET02')).toBe(false);
  });

  it('asks for an id when none is given', () => {
    expect(checkTerminalId('  ')).toEqual({
      ok: false,
      code: 'required',
      message: 'Enter the terminal id (e.g. TICKET02)',
    });
  });
});

describe('pairing codes', () => {
  it('reads a code as typed: any case, spaces or a dash', () => {
    expect(checkPairingCode('k7qf-3mxr')).toEqual({ ok: true, value: 'K7QF3MXR' });
    expect(checkPairingCode(' K7QF 3MXR ')).toEqual({ ok: true, value: 'K7QF3MXR' });
  });

  it.each(['K7QF3MX', 'K7QF3MXRR', 'K7QF3MX0', 'K7QF-3MX1', 'K7QF3MXO'])('refuses %s in words', (code) => {
    const checked = checkPairingCode(code);
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.code).toBe('invalid_pairing_code');
      expect(checked.message).toBe(
        'A pairing code is 8 letters and digits, e.g. K7QF-3MXR: check it, or ask a manager for a new one',
      );
    }
  });

  it('asks for a code when none is given', () => {
    expect(checkPairingCode(' - ')).toEqual({
      ok: false,
      code: 'required',
      message: 'Enter the pairing code a manager gave you',
    });
  });

  it('leaves out characters that are read wrong (0/O, 1/I/L, 5/S)', () => {
    for (const char of '01OILS5') expect(PAIRING_CODE_ALPHABET).not.toContain(char);
  });

  it('shows a code as two groups of four', () => {
    expect(formatPairingCode('K7QF3MXR')).toBe('K7QF-3MXR');
  });

  it('says a new code in words, with the terminal registered by it first', () => {
    const made = { terminal: 'TICKET02', store: 'KL01', code: 'K7QF-3MXR', registered: true };
    expect(describePairingCode(made)).toBe(
      'Registered terminal TICKET02 for store KL01.\n' +
        'Pairing code for TICKET02 (store KL01): K7QF-3MXR\n' +
        "Enter it on the device's pairing screen (/pair) within 10 minutes; it works once.",
    );
    expect(describePairingCode({ ...made, registered: false }).split('\n')[0]).toBe(
      'Pairing code for TICKET02 (store KL01): K7QF-3MXR',
    );
  });

  it('says how long a code works in the words of the expired-code refusal', () => {
    expect(SERVER_MESSAGES.pairingCodeExpired).toContain(`a code works for ${PAIRING_CODE_MINUTES} minutes`);
  });

  it('says the terminal-id rule in these words', () => {
    expect(TERMINAL_ID_RULE_TEXT).toBe(
      'A terminal id is 1 to 64 letters, digits, ".", "_" or "-", and starts with a letter or a digit (e.g. TICKET02)',
    );
  });
});
