import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sen } from '../money';
import { MESSAGES } from '../rules/messages';
import { shiftReport, shiftWith } from './support/fixtures';
import { createTestPos, noticeMessages, server } from './support/testPos';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

describe('services shift', () => {
  it('a successful start_shift gives an active shift', async () => {
    const { pos } = createTestPos();
    server()
      .post('/v1/admin/start_shift')
      .reply(200, shiftWith([100, 50.5]));
    const shift = await pos.shift.start();
    expect(shift?._id).toBe('shift-1');
    expect(pos.shift.current.value).toEqual(shift);
    expect(pos.shift.needsFloat.value).toBe(false);
    expect(pos.shift.floatTotal.value).toBe(sen(15050));
  });

  it('an empty shift object signs the user out', async () => {
    const { pos } = createTestPos();
    server().post('/v1/admin/start_shift').reply(200, {});
    expect(await pos.shift.start()).toBeNull();
    expect(pos.shift.current.value).toBeNull();
    expect(pos.session.isSignedIn.value).toBe(false);
  });

  it("a shift whose float is empty forces the 'New Shift' float dialog, and cancelling it signs out", async () => {
    const { pos } = createTestPos();
    server().post('/v1/admin/start_shift').reply(200, shiftWith([]));
    await pos.shift.start();
    expect(pos.shift.needsFloat.value).toBe(true);
    pos.shift.cancelNewShift();
    expect(pos.session.isSignedIn.value).toBe(false);
    expect(pos.shift.current.value).toBeNull();
  });

  it('cancelling the float dialog of a shift that has a float does not sign out', async () => {
    const { pos } = createTestPos();
    server()
      .post('/v1/admin/start_shift')
      .reply(200, shiftWith([100]));
    await pos.shift.start();
    pos.shift.cancelNewShift();
    expect(pos.session.isSignedIn.value).toBe(true);
  });

  it('setting a float updates the shift, prints a float receipt and closes the New Shift dialog', async () => {
    const { pos, driver } = createTestPos();
    server().post('/v1/admin/start_shift').reply(200, shiftWith([]));
    await pos.shift.start();
    const scope = server()
      .post('/v1/admin/set_float', { float: 100.5 })
      .reply(200, shiftWith([100.5]));

    const shift = await pos.shift.setFloat('100.50');

    scope.done();
    expect(shift.float).toHaveLength(1);
    expect(pos.shift.needsFloat.value).toBe(false);
    expect(driver.calls).toEqual([
      expect.objectContaining({ kind: 'print', document: expect.objectContaining({ kind: 'float', shift }) }),
    ]);
  });

  it("validates the float: 'Please enter 0 if empty', 'Value can be 0 or positive number up to 2 decimals'", async () => {
    const { pos } = createTestPos();
    await expect(pos.shift.setFloat('')).rejects.toMatchObject({
      name: 'FormError',
      message: 'Please enter 0 if empty',
      details: [{ path: 'float', message: MESSAGES.enterZeroIfEmpty }],
    });
    await expect(pos.shift.setFloat('1.234')).rejects.toThrow(
      'Value can be 0 or positive number up to 2 decimals',
    );
  });

  it('opening the float via Menu triggers the drawer', async () => {
    const { pos, driver } = createTestPos();
    await pos.shift.openFloatFromMenu();
    expect(driver.calls).toEqual([{ kind: 'openDrawer' }]);
  });

  it('Open Drawer opens the drawer; a drawer fault is shown and thrown', async () => {
    const { pos, driver } = createTestPos();
    await pos.shift.openDrawer();
    expect(driver.calls).toEqual([{ kind: 'openDrawer' }]);
    driver.failWith(new Error('Drawer not connected'));
    await expect(pos.shift.openDrawer()).rejects.toThrow('Drawer not connected');
    expect(noticeMessages(pos)).toEqual(['Drawer not connected']);
  });

  it('the X report returns the report and prints an x-report', async () => {
    const { pos, driver } = createTestPos();
    server().post('/v1/admin/shift_report').reply(200, shiftReport());
    const report = await pos.shift.report();
    expect(report.closed_at).toBeNull();
    expect(pos.shift.lastReport.value).toEqual(report);
    expect(driver.calls).toEqual([
      expect.objectContaining({
        kind: 'print',
        document: expect.objectContaining({ kind: 'x-report', report }),
      }),
    ]);
  });

  it('with print: false the X report is only fetched (a screen shows it); printReport prints it when asked', async () => {
    const { pos, driver } = createTestPos();
    server().post('/v1/admin/shift_report').reply(200, shiftReport());
    const report = await pos.shift.report({ print: false });
    expect(driver.calls).toEqual([]);
    expect(await pos.shift.printReport(report)).toBe(true);
    expect(driver.calls).toEqual([
      expect.objectContaining({
        kind: 'print',
        document: expect.objectContaining({ kind: 'x-report', report }),
      }),
    ]);
    driver.reset();
    await pos.shift.printReport({ ...report, closed_at: '2026-11-28T10:00:00.000Z' });
    expect(driver.calls).toEqual([
      expect.objectContaining({ kind: 'print', document: expect.objectContaining({ kind: 'z-report' }) }),
    ]);
  });

  it('ending the shift clears it to empty and prints an end-of-shift report', async () => {
    const { pos, driver } = createTestPos();
    server()
      .post('/v1/admin/start_shift')
      .reply(200, shiftWith([100]));
    await pos.shift.start();
    const scope = server()
      .post('/v1/admin/end_shift', { cash: 100, card: 49, ewallet: 0 })
      .reply(200, shiftReport(true));

    const report = await pos.shift.end({ cash: '100', card: '49.00', ewallet: '0' });

    scope.done();
    expect(report.counted).toEqual({ cash: 100, card: 49, ewallet: 0 });
    expect(pos.shift.current.value).toBeNull();
    expect(driver.calls).toEqual([
      expect.objectContaining({ kind: 'print', document: expect.objectContaining({ kind: 'z-report' }) }),
    ]);
  });

  it('validates the close shift form: each field required and non-negative with up to 2 decimals', async () => {
    const { pos } = createTestPos();
    await expect(pos.shift.end({ cash: '', card: '-1', ewallet: '0' })).rejects.toMatchObject({
      details: [
        { path: 'cash', message: 'Please enter 0 if empty' },
        { path: 'card', message: 'Value can be 0 or positive number up to 2 decimals' },
      ],
    });
  });

  it("shows 'Server not responding' when a shift call gets no answer", async () => {
    const { pos } = createTestPos();
    server().post('/v1/admin/start_shift').replyWithError('connect ECONNREFUSED');
    await expect(pos.shift.start()).rejects.toMatchObject({ name: 'NetworkError' });
    expect(noticeMessages(pos)).toEqual(['Server not responding']);
    expect(pos.shift.busy.value).toBe(false);
  });

  it('sign-out clears the shift', async () => {
    const { pos } = createTestPos();
    server()
      .post('/v1/admin/start_shift')
      .reply(200, shiftWith([100]));
    await pos.shift.start();
    pos.session.signOut();
    expect(pos.shift.current.value).toBeNull();
  });
});
