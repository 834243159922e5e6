import { useId } from 'react';
import { Icon } from '../components/Icon';
import { Modal } from '../components/Modal';
import { NavLinks } from './NavLinks';

/** The navigation as a drawer from the left (below 992 px, or with `nav-style=drawer`). */
export function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  return (
    <Modal
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      className="fixed inset-0 z-50"
      backdropClassName="fixed inset-0 bg-slate-950/50"
      panelClassName="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col gap-4 bg-white p-4 shadow-2xl dark:bg-slate-900"
    >
      <div className="flex items-center justify-between">
        <h2 id={titleId} className="text-xl font-extrabold text-brand-700 dark:text-brand-200">
          POS
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close navigation"
          className="grid size-12 place-items-center rounded-xl text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <Icon name="close" />
        </button>
      </div>
      <nav aria-label="Main">
        <NavLinks layout="column" onNavigate={onClose} />
      </nav>
    </Modal>
  );
}
