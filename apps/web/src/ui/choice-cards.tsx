import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Icon, type IconName } from './icon.tsx';
import styles from './choice-cards.module.css';

interface ChoiceCardsProps {
  legend: ReactNode;
  /** Inside a dialog (a raised surface), the cards take the plain one. */
  isInDialog?: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/** A set of radio choices drawn as cards, under a legend that names the question. */
export function ChoiceCards({ legend, isInDialog, disabled, children }: ChoiceCardsProps) {
  return (
    <fieldset className={isInDialog ? `${styles.choices} ${styles.inDialog}` : styles.choices} disabled={disabled}>
      <legend className={styles.legend}>{legend}</legend>
      {children}
    </fieldset>
  );
}

interface ChoiceCardProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  icon: IconName;
  iconSize?: number;
  label: ReactNode;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/**
 * One radio choice as a card: the input stays in the page (keyboard and screen readers use it as a radio) while the
 * card shows its state. The rest of the props go to the input, so react-hook-form's `register()` spreads onto it.
 */
export function ChoiceCard({ icon, iconSize = 24, label, hint, ref, ...input }: ChoiceCardProps) {
  return (
    <label className={styles.choice}>
      <input ref={ref} type="radio" className={styles.input} {...input} />
      <Icon name={icon} size={iconSize} />
      <span className={styles.text}>
        <span className={styles.label}>{label}</span>
        {hint ? <span className={styles.hint}>{hint}</span> : null}
      </span>
    </label>
  );
}
