import type { InputHTMLAttributes, Ref } from 'react';
import styles from './control.module.css';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, ...rest }: InputProps) {
  return <input {...rest} className={[styles.control, className].filter(Boolean).join(' ')} />;
}
