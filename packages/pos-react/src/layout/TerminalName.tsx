import { usePos } from '../hooks/usePos';

/** The header's terminal and store ('TICKET02 · KL01'): which till this is, and the store it sells for. */
export function TerminalName() {
  const { hostId, store } = usePos().api.config;
  return (
    <span
      data-testid="terminal-name"
      title={`Terminal ${hostId} of store ${store}`}
      className="truncate rounded-lg bg-slate-100 px-2 py-1 text-sm font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200"
    >
      {hostId} · {store}
    </span>
  );
}
