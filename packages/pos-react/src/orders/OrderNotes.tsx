import type { Order } from 'pos-sdk/contract';
import { formatVenueDateTime } from 'pos-sdk/rules';
import { type FormEvent, useState } from 'react';
import { Button } from '../components/Button';
import { TextField } from '../components/TextField';
import { usePos } from '../hooks/usePos';
import { usePosAction } from '../hooks/usePosAction';

/**
 * An order's notes, each with who wrote it and when, and a field to add one
 * (`orders.addNote`: 'Order updated successfully'; the order replaces itself). Give it `key={order._id}`
 * so another order starts with an empty field.
 */
export function OrderNotes({ order }: { order: Order }) {
  const pos = usePos();
  const [text, setText] = useState('');
  const add = usePosAction((orderId: string, note: string) => pos.orders.addNote(orderId, note));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    const updated = await add.run(order._id, text.trim());
    if (updated) setText('');
  };

  return (
    <section aria-labelledby="order-notes-title" className="flex flex-col gap-3">
      <h3
        id="order-notes-title"
        className="text-sm font-bold uppercase tracking-wide text-slate-600 dark:text-slate-300"
      >
        Notes
      </h3>
      {order.notes.length > 0 ? (
        <ul className="flex flex-col gap-2" data-testid="order-notes">
          {order.notes.map((note) => (
            <li
              key={`${note.at}|${note.by}|${note.text}`}
              data-testid="order-note"
              className="rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60"
            >
              <p className="whitespace-pre-wrap break-words">{note.text}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {note.by} · {formatVenueDateTime(note.at, pos.config.timeZone)}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">No notes yet.</p>
      )}
      <form onSubmit={submit} className="flex items-end gap-2" noValidate>
        <TextField
          label="Add a note"
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={Object.values(add.fieldErrors)[0] ?? add.error ?? undefined}
          maxLength={1000}
          autoComplete="off"
          className="flex-1"
          data-autofocus
        />
        <Button type="submit" loading={add.busy} disabled={text.trim() === ''} className="mb-px">
          Add Note
        </Button>
      </form>
    </section>
  );
}
