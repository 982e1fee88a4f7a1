// A password the server made, shown once: to be copied or written down before the dialog closes.
import { Copy } from 'lucide-react';
import { Dialog } from '../../components/dialog.tsx';
import { useToast } from '../../components/toasts.tsx';

export interface MadePassword {
  login: string;
  password: string;
}

export function PasswordDialog({ made, onClose }: { made: MadePassword | null; onClose: () => void }) {
  const toast = useToast();
  const copy = async (password: string): Promise<void> => {
    try {
      await navigator.clipboard.writeText(password);
      toast('Пароль скопирован');
    } catch {
      // No clipboard outside HTTPS, or the browser refused it: the block selects in one click.
      toast('Не удалось скопировать: выделите пароль и скопируйте его вручную', true);
    }
  };
  return (
    <Dialog open={made !== null} title={`Пароль для «${made?.login ?? ''}»`} onClose={onClose} narrow>
      {made === null ? null : (
        <>
          <p className="alert alert--info">
            Скопируйте пароль и передайте его владельцу учётной записи сейчас: больше он показан не будет.
          </p>
          <p className="secret">{made.password}</p>
          <div className="dialog__footer">
            <button
              type="button"
              className="button"
              onClick={() => {
                void copy(made.password);
              }}
            >
              <Copy size={16} aria-hidden="true" />
              Скопировать
            </button>
            <button type="button" className="button button--primary" onClick={onClose}>
              Готово
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
