import { Link, type LinkProps } from 'react-router';
import { buttonClassName, buttonParts, type ButtonLook } from './button-class-name.ts';

export interface ButtonLinkProps extends LinkProps, Omit<ButtonLook, 'isLoading'> {}

/** Navigation that looks like a button: still a link to assistive technology and to "open in new tab". */
export function ButtonLink({ variant, size, isBlock, className, children, ...rest }: ButtonLinkProps) {
  return (
    <Link {...rest} className={buttonClassName({ variant, size, isBlock }, className)}>
      <span className={buttonParts.label}>{children}</span>
    </Link>
  );
}
