import { PASSWORD_MIN_LENGTH } from '@cypher/contract';
import { Icon } from '../../../ui/icon.tsx';
import styles from './password-rules.module.css';

// The parts of the one password rule (packages/contract isStrongPassword), shown as they are met.
const rules = [
  { label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (value: string) => value.length >= PASSWORD_MIN_LENGTH },
  { label: 'Upper and lowercase letters', test: (value: string) => /[A-Z]/.test(value) && /[a-z]/.test(value) },
  { label: 'A number', test: (value: string) => /\d/.test(value) },
  { label: 'A special character', test: (value: string) => /[^A-Za-z0-9\s]/.test(value) },
];

/** The password rule as a checklist under a new-password field; the field's error still quotes the rule whole. */
export function PasswordRules({ value }: { value: string }) {
  return (
    <ul className={styles.rules}>
      {rules.map((rule) => {
        const isMet = rule.test(value);
        return (
          <li key={rule.label} className={isMet ? styles.met : undefined}>
            <Icon name={isMet ? 'check' : 'info'} size={14} className={styles.icon} />
            {rule.label}
            <span className="visually-hidden">{isMet ? ' (done)' : ' (to do)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
