import { PosDialog } from '../components/PosDialog';
import { usePos } from '../hooks/usePos';
import { useSession } from '../hooks/useSession';

/** My Account: the signed-in staff member's profile and terminal. */
export function MyAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { displayName, email, userProfile } = useSession();
  const pos = usePos();
  const rows: [string, string][] = [
    ['Name', displayName],
    ['Email', email ?? userProfile?.email ?? ''],
    ['Terminal', pos.api.config.hostId],
    ['Store', pos.config.origin],
  ];
  return (
    <PosDialog open={open} onClose={onClose} title="My Account" cancelLabel="Close" size="sm">
      <dl className="divide-y divide-slate-200 dark:divide-slate-700">
        {rows.map(([term, value]) => (
          <div key={term} className="flex justify-between gap-4 py-2.5">
            <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
    </PosDialog>
  );
}
