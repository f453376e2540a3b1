import { useState } from 'react';
import { Icon } from '../../../ui/icon.tsx';
import { Input, type InputProps } from '../../../ui/input.tsx';
import styles from './password-input.module.css';

/**
 * A password box with a show/hide toggle. The toggle keeps one name and reports its state with aria-pressed, and
 * it is a real button that is not the form's submit.
 */
export function PasswordInput({ className, ...rest }: Omit<InputProps, 'type'>) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <div className={styles.wrap}>
      <Input
        {...rest}
        type={isVisible ? 'text' : 'password'}
        className={[styles.input, className].filter(Boolean).join(' ')}
      />
      <button
        type="button"
        className={styles.toggle}
        aria-label="Show password"
        aria-pressed={isVisible}
        onClick={() => setIsVisible((visible) => !visible)}
      >
        <Icon name={isVisible ? 'eye-off' : 'eye'} size={18} />
      </button>
    </div>
  );
}
