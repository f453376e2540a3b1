import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  isBlock?: boolean;
  isLoading?: boolean;
}

/** Shared by Button and ButtonLink, so a link that looks like a button looks exactly like one. */
export function buttonClassName(
  { variant = 'secondary', size = 'md', isBlock, isLoading }: ButtonLook,
  extra?: string,
) {
  return [
    styles.button,
    styles[variant],
    size === 'md' ? undefined : styles[size],
    isBlock ? styles.block : undefined,
    isLoading ? styles.loading : undefined,
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

export const buttonParts = { label: styles.label, spinner: styles.spinner };
