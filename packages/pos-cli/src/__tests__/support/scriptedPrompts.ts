import { confirm, input, password, Separator, select } from '@inquirer/prompts';
import { render } from '@inquirer/testing';
import { expect } from 'vitest';
import type { Prompts } from '../../prompts/Prompts';

/** The keyboard and screen of one question, as @inquirer/testing renders it. */
export interface Keyboard {
  type(text: string): void;
  /** A key by name ('enter', 'down', 'backspace') or with modifiers (`{ name: 'c', ctrl: true }`). */
  press(key: string | { readonly name: string; readonly ctrl?: boolean }): void;
  /** The question as drawn now (ANSI stripped). */
  screen(): string;
  /** Lets the prompt validate and redraw. */
  settle(): Promise<void>;
  /** Moves to the choice whose name starts with `label` and picks it (select questions). */
  choose(label: string): void;
}

/** What to do at one question: which question it must be, and the keys to press. */
export interface Step {
  readonly ask: string | RegExp;
  run(keyboard: Keyboard): void | Promise<void>;
}

/** Types `text` and presses enter. */
export function answer(ask: string | RegExp, text: string): Step {
  return {
    ask,
    run: (keyboard) => {
      keyboard.type(text);
      keyboard.press('enter');
    },
  };
}

/** Types `bad`, checks the question refuses it with `message`, then answers `good`. */
export function refuseThenAnswer(ask: string | RegExp, bad: string, message: string, good: string): Step {
  return {
    ask,
    run: async (keyboard) => {
      keyboard.type(bad);
      keyboard.press('enter');
      await keyboard.settle();
      expect(keyboard.screen()).toContain(message);
      for (let i = 0; i < bad.length; i += 1) keyboard.press('backspace');
      keyboard.type(good);
      keyboard.press('enter');
    },
  };
}

/** Picks the choice whose name starts with `label`. */
export function choose(ask: string | RegExp, label: string): Step {
  return { ask, run: (keyboard) => keyboard.choose(label) };
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20));

type Choice = { readonly name?: string; readonly value?: unknown; readonly disabled?: boolean | string };

/**
 * Prompts that render each question with @inquirer/testing (the real prompt, its validation and
 * keys) and answer it from a script of steps, in order. A question the script does not expect, or
 * one left unasked, fails the test.
 */
export function scriptedPrompts(
  steps: Step[],
): Prompts & { readonly remaining: () => number; readonly asked: string[] } {
  const queue = [...steps];
  const asked: string[] = [];

  async function drive<Value>(
    rendered: Awaited<ReturnType<typeof render>>,
    message: string,
    choices: readonly (Choice | Separator | string)[] = [],
  ): Promise<Value> {
    asked.push(message);
    const step = queue.shift();
    if (step === undefined) throw new Error(`unexpected question: ${message}`);
    if (typeof step.ask === 'string') expect(message).toContain(step.ask);
    else expect(message).toMatch(step.ask);
    await step.run({
      type: (text) => rendered.events.type(text),
      press: (key) => rendered.events.keypress(typeof key === 'string' ? key : { ...key }),
      screen: () => rendered.getScreen(),
      settle,
      choose: (label) => {
        const selectable = choices.filter(
          (choice): choice is Choice =>
            typeof choice === 'object' && !(choice instanceof Separator) && !choice.disabled,
        );
        const index = selectable.findIndex((choice) =>
          (choice.name ?? String(choice.value)).startsWith(label),
        );
        if (index < 0)
          throw new Error(`no choice "${label}" in: ${selectable.map((choice) => choice.name).join(', ')}`);
        for (let i = 0; i < index; i += 1) rendered.events.keypress('down');
        rendered.events.keypress('enter');
      },
    });
    return (await rendered.answer) as Value;
  }

  return {
    asked,
    remaining: () => queue.length,
    input: async (question) => drive<string>(await render(input, question), question.message),
    password: async (question) => drive<string>(await render(password, question), question.message),
    confirm: async (question) => drive<boolean>(await render(confirm, question), question.message),
    select: async <Value>(question: Parameters<Prompts['select']>[0]) =>
      drive<Value>(await render(select, question), question.message, question.choices as readonly Choice[]),
  } as Prompts & { readonly remaining: () => number; readonly asked: string[] };
}
