// Short notes after an action («Сохранено»), read out by screen readers, gone after a few seconds.
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

interface Toast {
  id: number;
  text: string;
  error: boolean;
}

const ToastContext = createContext<(text: string, error?: boolean) => void>(() => undefined);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const show = useCallback((text: string, error = false) => {
    const id = Date.now() + Math.random();
    setToasts((list) => [...list, { id, text, error }]);
    setTimeout(() => {
      setToasts((list) => list.filter((toast) => toast.id !== id));
    }, 4000);
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext value={value}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={toast.error ? 'toast toast--error' : 'toast'}>
            {toast.text}
          </div>
        ))}
      </div>
    </ToastContext>
  );
}

export function useToast(): (text: string, error?: boolean) => void {
  return useContext(ToastContext);
}
