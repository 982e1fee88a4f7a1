import { X } from 'lucide-react';
import { closePlayer } from '../lib/player-store.ts';
import { IconButton } from './icon-button.tsx';

/** The docked player's close button, the radio file's and the live radio's alike. */
export function ClosePlayerButton({ label }: { label: string }) {
  return (
    <IconButton
      label={label}
      onClick={() => {
        closePlayer();
      }}
    >
      <X aria-hidden="true" size={20} />
    </IconButton>
  );
}
