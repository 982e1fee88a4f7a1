import type { ButtonHTMLAttributes, Ref } from 'react';

interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'aria-label'> {
  /** What the button does: its name, since it shows only an icon. */
  label: string;
  ref?: Ref<HTMLButtonElement>;
}

/** A button that shows only an icon (its children), named by `label`. */
export function IconButton({ label, className = 'icon-button', ...button }: IconButtonProps) {
  return <button type="button" className={className} aria-label={label} {...button} />;
}
