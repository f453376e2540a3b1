import type { ButtonHTMLAttributes, Ref } from 'react';
import { buttonClassName, buttonParts, type ButtonLook } from './button-class-name.ts';
import { Spinner } from './spinner.tsx';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLook {
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A real <button>. While `isLoading` it shows a spinner, keeps its width, reports itself busy and refuses clicks,
 * which is how forms refuse a second submit while sending: Enter in a field clicks the form's submit button too, and
 * that click is refused the same way. It stays enabled meanwhile, because a disabled button loses the keyboard focus
 * (to the page's body), and a keyboard or screen reader user who sent a form would have to find their place again.
 * The second click of a double-click is no click: it arrives before the first one's sending could make the button
 * busy, and sent an airdrop (or a publish) twice.
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
        if (event.detail > 1 || isLoading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      type={type}
      disabled={disabled}
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
