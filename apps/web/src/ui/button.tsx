import type { ButtonHTMLAttributes, Ref } from 'react';
import { buttonClassName, buttonParts, type ButtonLook } from './button-class-name.ts';
import { Spinner } from './spinner.tsx';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLook {
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A real <button>. While `isLoading` it shows a spinner, keeps its width, reports itself busy and refuses clicks,
 * which is how forms disable submit while sending. The second click of a double-click is no click: it arrives before
 * the first one's sending could make the button busy, and sent an airdrop (or a publish) twice.
 */
export function Button({
  variant,
  size,
  isBlock,
  isLoading = false,
  disabled,
  className,
  type = 'button',
  children,
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      onClick={(event) => {
        // `detail` counts the clicks of one multi-click (0 from the keyboard): only its first one acts.
        if (event.detail > 1) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      type={type}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      className={buttonClassName({ variant, size, isBlock, isLoading }, className)}
    >
      <span className={buttonParts.label}>{children}</span>
      {isLoading ? (
        <span className={buttonParts.spinner}>
          <Spinner />
        </span>
      ) : null}
    </button>
  );
}
