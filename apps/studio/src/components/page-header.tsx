import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';

/** A screen's title, what it is for, and its main actions. */
export function PageHeader({ title, about, children }: { title: string; about?: string; children?: ReactNode }) {
  return (
    <div className="page-header">
      <div>
        <h1>{title}</h1>
        {about === undefined ? null : <p>{about}</p>}
      </div>
      {children === undefined ? null : <div className="page-header__actions">{children}</div>}
    </div>
  );
}

/** A screen's main action: adding what it lists. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="button button--primary" onClick={onClick}>
      <Plus size={16} aria-hidden="true" />
      {label}
    </button>
  );
}
