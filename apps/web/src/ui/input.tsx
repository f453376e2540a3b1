import type { InputHTMLAttributes, Ref } from 'react';
import styles from './control.module.css';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, ...rest }: InputProps) {
  return <input {...rest} className={[styles.control, className].filter(Boolean).join(' ')} />;
}

/** A whole number of one or more (editions, packs, a limit): the numeric keypad on phones, no fractions offered. */
export function CountInput(props: InputProps) {
  return <Input type="number" inputMode="numeric" min={1} step={1} {...props} />;
}
