import type { Member } from 'pos-sdk/contract';
import { formatCalendarDate } from 'pos-sdk/rules';
import { Icon } from '../components/Icon';
import { usePos } from '../hooks/usePos';
import { formatPhone } from './formatPhone';

/** Props of {@link MemberCard}. */
export interface MemberCardProps {
  readonly member: Member;
  readonly selected: boolean;
  readonly onSelect: () => void;
}

/** One member of the lookup's result list: name, email, phone and birth date; pressing selects them. */
export function MemberCard({ member, selected, onSelect }: MemberCardProps) {
  const pos = usePos();
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      data-testid="member-result"
      className={`flex w-full items-start gap-3 rounded-xl p-3 text-left ring-1 transition ${
        selected
          ? 'bg-brand-50 ring-2 ring-brand-600 dark:bg-brand-800/40'
          : 'bg-white ring-slate-200 hover:ring-brand-500 dark:bg-slate-800 dark:ring-slate-700'
      }`}
    >
      <Icon name="user" className="mt-0.5 size-6 shrink-0 text-brand-700 dark:text-brand-200" />
      <span className="grid min-w-0 flex-1 grid-cols-1 gap-x-6 gap-y-0.5 sm:grid-cols-2">
        <span className="text-lg font-bold">{member.name}</span>
        <span className="truncate text-slate-700 dark:text-slate-200">{member.email}</span>
        <span className="text-slate-700 dark:text-slate-200">
          <span className="text-slate-600 dark:text-slate-400">Phone </span>
          {formatPhone(member.phone) || '-'}
        </span>
        <span className="text-slate-700 dark:text-slate-200">
          <span className="text-slate-600 dark:text-slate-400">Born </span>
          {formatCalendarDate(member.dob, pos.config.timeZone) || '-'}
        </span>
      </span>
      {selected ? <Icon name="check" className="size-6 shrink-0 text-brand-700 dark:text-brand-200" /> : null}
    </button>
  );
}
