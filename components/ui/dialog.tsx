'use client';
// A modal dialog on the native <dialog> element: focus is trapped and restored, Escape closes it.
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons; the dialog's own Close is added when none are given. */
  actions?: ReactNode;
}

export function Dialog({ open, title, onClose, children, actions }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <>
          <h2 id={titleId}>{title}</h2>
          {children}
          <div className="dialog-actions">
            {actions ?? (
              <button type="button" className="button" onClick={onClose}>
                Close
              </button>
            )}
          </div>
        </>
      ) : null}
    </dialog>
  );
}
