import type { Ref, SelectHTMLAttributes } from 'react';
import styles from './control.module.css';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ className, children, ...rest }: SelectProps) {
  return (
    <select {...rest} className={[styles.control, styles.select, className].filter(Boolean).join(' ')}>
      {children}
    </select>
  );
}
