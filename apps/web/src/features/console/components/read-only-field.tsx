import styles from './console-form.module.css';

/** A value that cannot change after creation (an entry's brand), shown where its field would be. */
export function ReadOnlyField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className={styles.readOnly}>
      <p className={styles.readOnlyLabel}>{label}</p>
      <p className={styles.readOnlyValue}>{value}</p>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
    </div>
  );
}
