import type { Ref, TextareaHTMLAttributes } from 'react';
import styles from './control.module.css';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ className, ...rest }: TextareaProps) {
  return <textarea {...rest} className={[styles.control, styles.textarea, className].filter(Boolean).join(' ')} />;
}
