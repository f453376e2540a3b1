import type { TConsoleOperatorRef, TConsolePerson } from '@cypher/contract';
import styles from './withdrawals.module.css';

/** "Ada (ada@example.com)", or the address alone for someone who has not chosen a nickname yet. */
export function personLabel(person: TConsolePerson): string {
  return person.nickname ? `${person.nickname} (${person.email})` : person.email;
}

/** A narrow column may wrap an address after the @, never inside a name. */
export function EmailWithBreak({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** The nickname, with the address under it in muted text (the address alone when there is no nickname). */
export function ConsolePerson({ person }: { person: TConsolePerson }) {
  if (!person.nickname) return <EmailWithBreak email={person.email} />;
  return (
    <span className={styles.person}>
      <span>{person.nickname}</span>
      <span className={styles.email}>
        <EmailWithBreak email={person.email} />
      </span>
    </span>
  );
}

/**
 * Someone given something, as the console may show them: a brand's manager sees no addresses (`email` null), so a
 * person without a nickname is said to have none yet rather than left blank.
 */
export function ConsoleRecipient({ person }: { person: Omit<TConsolePerson, 'email'> & { email: string | null } }) {
  if (person.email === null && !person.nickname) return <span className={styles.email}>No nickname yet</span>;
  return <ConsolePerson person={{ ...person, email: person.email ?? '' }} />;
}

/** An operator beside what they made: a brand's manager reads no operator's address, only a nickname if there is one. */
export function operatorLabel(operator: TConsoleOperatorRef): string {
  if (operator.email === null) return operator.nickname ?? 'An operator';
  return personLabel({ ...operator, email: operator.email });
}

export function ConsoleOperator({ operator }: { operator: TConsoleOperatorRef }) {
  if (operator.email === null) return <>{operator.nickname ?? 'An operator'}</>;
  return <ConsolePerson person={{ ...operator, email: operator.email }} />;
}
