import { confirm, input, password } from '@inquirer/prompts';
import { render } from '@inquirer/testing';
import { sen } from 'pos-sdk/money';
import { checkCustomerEmail } from 'pos-sdk/rules';
import { describe, expect, it } from 'vitest';
import {
  confirmNoEmailQuestion,
  customerEmailQuestion,
  floatQuestion,
  invoiceIdQuestion,
  loginEmailQuestion,
  memberEmailQuestion,
  passIdQuestion,
  passwordQuestion,
  quantityQuestion,
  refundReasonQuestion,
  renewalFieldQuestion,
  takingsQuestion,
} from '../prompts/questions';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Renders a text question, types `text`, presses enter and returns what the screen shows (unwrapped). */
async function refusal(question: Parameters<typeof input>[0], text: string): Promise<string> {
  const { events, getScreen, answer } = await render(input, question);
  events.type(text);
  events.keypress('enter');
  await settle();
  const screen = getScreen().replace(/\s+/g, ' ');
  answer.cancel();
  await answer.catch(() => undefined);
  return screen;
}

/** Renders a text question, types `text`, presses enter and returns the answer. */
async function accepted(question: Parameters<typeof input>[0], text: string): Promise<string> {
  const { events, answer } = await render(input, question);
  events.type(text);
  events.keypress('enter');
  return answer;
}

describe('questions', () => {
  it("asks the login email: 'The input is not valid E-mail!'", async () => {
    expect(await refusal(loginEmailQuestion(), 'manager')).toContain('The input is not valid E-mail!');
    expect(await accepted(loginEmailQuestion(), 'manager@demo.pos')).toBe('manager@demo.pos');
  });

  it("asks the password hidden: 'Please input your Password!'", async () => {
    const { events, getScreen, answer } = await render(password, passwordQuestion());
    events.keypress('enter');
    await settle();
    expect(getScreen()).toContain('Please input your Password!');
    events.type('demo1234');
    expect(getScreen()).not.toContain('demo1234');
    events.keypress('enter');
    expect(await answer).toBe('demo1234');
  });

  it("asks the 'New Shift' float: 'Please enter 0 if empty', 'Value can be 0 or positive number up to 2 decimals'", async () => {
    const question = floatQuestion({ isNewShift: true });
    expect(question.message).toContain('New Shift');
    expect(await refusal(question, '')).toContain('Please enter 0 if empty');
    expect(await refusal(question, '12.345')).toContain('Value can be 0 or positive number up to 2 decimals');
    expect(await refusal(question, '-5')).toContain('Float cannot bring the drawer below RM 0.00');
    expect(await accepted(question, '200')).toBe('200');
  });

  it('lets a float take cash out of the drawer, never below RM 0.00', async () => {
    const question = floatQuestion({ isNewShift: false, currentFloatTotal: sen(5000) });
    expect(await accepted(question, '-20')).toBe('-20');
    expect(await refusal(question, '-60')).toContain('Float cannot bring the drawer below RM 0.00');
  });

  it("asks each End Shift takings amount: 'Please enter 0 if empty', 'Value can be 0 or positive number up to 2 decimals'", async () => {
    expect(await refusal(takingsQuestion('cash'), '')).toContain('Please enter 0 if empty');
    expect(await refusal(takingsQuestion('card'), '-1')).toContain(
      'Value can be 0 or positive number up to 2 decimals',
    );
    expect(await accepted(takingsQuestion('ewallet'), '0')).toBe('0');
  });

  it("asks 'Invoice ID', 'Refund Reason' and 'Scan Pass', each needing non-empty input", async () => {
    expect(invoiceIdQuestion().message).toBe('Invoice ID');
    expect(await refusal(invoiceIdQuestion(), '  ')).toContain('Please enter the invoice ID');
    expect(refundReasonQuestion().message).toBe('Refund Reason');
    expect(await refusal(refundReasonQuestion(), '')).toContain('Please enter the refund reason');
    expect(passIdQuestion().message).toBe('Scan Pass');
    expect(await refusal(passIdQuestion(), '')).toContain('Please enter the pass ID');
  });

  it("asks the member's 'Email Address': 'The input is not valid E-mail!'", async () => {
    expect(memberEmailQuestion().message).toBe('Email Address');
    expect(await refusal(memberEmailQuestion(), 'mia')).toContain('The input is not valid E-mail!');
  });

  it('asks a quantity: a positive whole number', async () => {
    expect(await refusal(quantityQuestion(), 'two')).toContain('Quantity must be a positive whole number');
    expect(await refusal(quantityQuestion(), '0')).toContain('Quantity must be a positive whole number');
    expect(await accepted(quantityQuestion(), '3')).toBe('3');
  });

  it("asks the 'Customer Email' with the customer email rule", async () => {
    const day = [{ type: 'PASS' as const, usage_limit: 1 }];
    const punch = [{ type: 'PASS' as const, usage_limit: 10 }];
    const forDay = customerEmailQuestion((email) => checkCustomerEmail(email, day));
    const forPunch = customerEmailQuestion((email) => checkCustomerEmail(email, punch));
    expect(forDay.message).toBe('Customer Email');
    expect(await refusal(forDay, 'jane-at-example')).toContain('Invalid email format');
    expect(await refusal(forPunch, '')).toContain(
      'Order contained item with multiple punches or membership, customer email is required!',
    );
    expect(await accepted(forDay, '')).toBe('');
  });

  it("confirms 'Confirm NOT entering customer email?', no by default", async () => {
    const { events, getScreen, answer } = await render(confirm, confirmNoEmailQuestion());
    expect(getScreen()).toContain('Confirm NOT entering customer email?');
    events.keypress('enter');
    expect(await answer).toBe(false);
  });

  it("asks the renewal form's fields with their rules: 'Name is required!', 'Only numbers allowed', 'Please select a date!'", async () => {
    const form = {
      name: '',
      email: 'mia@example.com',
      country_code: '60',
      phone: '',
      dob: '',
      payment_type: 'CASH',
      quantity: '1',
    };
    const context = { durationUnit: 'Month', price: sen(12000), now: new Date('2026-11-22T04:00:00Z') };
    expect(await refusal(renewalFieldQuestion('name', form, context), ' ')).toContain('Name is required!');
    expect(await refusal(renewalFieldQuestion('phone', form, context), '12-34')).toContain(
      'Only numbers allowed',
    );
    expect(await refusal(renewalFieldQuestion('phone', form, context), '')).toContain(
      'Phone number is required',
    );
    expect(await refusal(renewalFieldQuestion('dob', form, context), '')).toContain('Please select a date!');
    expect(await refusal(renewalFieldQuestion('dob', form, context), '2030-01-01')).toContain(
      'Birth date cannot be in the future',
    );
    expect(await accepted(renewalFieldQuestion('dob', form, context), '1990-05-01')).toBe('1990-05-01');
  });
});
