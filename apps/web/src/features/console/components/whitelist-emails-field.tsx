import { useDeferredValue, useId, useRef, useState, type Ref } from 'react';
import { formatCount } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { emailListText, isPlainText, parseEmailList } from '../email-list.ts';
import styles from './drops.module.css';

/** A 50,000-address list is about 1.5 MB of text; anything much larger is not a list of addresses. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const SHOWN_INVALID = 5;

interface WhitelistEmailsFieldProps {
  /** Names the field for screen readers ("Round 2"), since every round has one. */
  roundLabel: string;
  value: string;
  onChange: (text: string) => void;
  onBlur: () => void;
  error: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * A whitelist's addresses: pasted into the box (one per line, commas also accepted) or read from a .txt or .csv file
 * in the browser (nothing is uploaded until the drop is saved). Under the box: how many addresses it holds and which
 * lines are not addresses, so they can be fixed before saving.
 */
export function WhitelistEmailsField({ roundLabel, value, onChange, onBlur, error, ref }: WhitelistEmailsFieldProps) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [fileNote, setFileNote] = useState<{ text: string; isError: boolean }>();
  // A list of 50,000 is read again after typing settles, not on every keystroke.
  const list = parseEmailList(useDeferredValue(value));

  async function readFile(file: File) {
    if (file.size > MAX_FILE_BYTES) {
      setFileNote({ text: `${file.name} is larger than 5 MB. Upload a list of addresses only.`, isError: true });
      return;
    }
    const fileText = await file.text();
    // An image or a spreadsheet chosen by mistake: the list in the box stays as it was.
    if (!isPlainText(fileText)) {
      setFileNote({
        text: `${file.name} is not a text file. Upload a list with one address per line (.txt or .csv).`,
        isError: true,
      });
      return;
    }
    const text = emailListText(fileText);
    onChange(text);
    const read = parseEmailList(text);
    setFileNote({
      text: `Read ${file.name}: ${formatCount(read.emails.length)} ${read.emails.length === 1 ? 'address' : 'addresses'}.`,
      isError: read.emails.length === 0,
    });
  }

  const describedBy = [`${id}-hint`, `${id}-count`, error ? `${id}-error` : undefined].filter(Boolean).join(' ');
  return (
    <div className={styles.emails}>
      <div className={styles.emailsHeader}>
        <label htmlFor={id} className={styles.pickerLabel}>
          Email addresses<span className="visually-hidden"> for {roundLabel}</span>
        </label>
        <Button size="sm" onClick={() => fileRef.current?.click()} aria-describedby={`${id}-hint`}>
          <Icon name="upload" size={16} />
          Upload a list<span className="visually-hidden"> for {roundLabel}</span>
        </Button>
        <input
          ref={fileRef}
          type="file"
          accept=".txt,.csv,text/plain,text/csv"
          hidden
          aria-label={`Email list file for ${roundLabel}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void readFile(file);
          }}
        />
      </div>
      <Textarea
        ref={ref}
        id={id}
        rows={6}
        className={styles.emailsBox}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        placeholder={'fan@example.com\ncollector@example.com'}
        spellCheck={false}
        wrap="off"
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
      />
      <p id={`${id}-hint`} className={styles.note}>
        One address per line; commas also work. A .txt or .csv file (a column headed “email” is read on its own)
        replaces the list.
      </p>
      {fileNote ? (
        <p className={fileNote.isError ? styles.listError : styles.note} role="status">
          {fileNote.text}
        </p>
      ) : null}
      <div id={`${id}-count`} className={styles.emailCount} aria-live="polite">
        <p>
          <strong>{formatCount(list.emails.length)}</strong> {list.emails.length === 1 ? 'address' : 'addresses'}
          {list.repeatedCount > 0 ? ` (${formatCount(list.repeatedCount)} repeated, counted once)` : ''}
        </p>
        {list.invalid.length > 0 ? (
          <div className={styles.invalidLines}>
            <p>
              {list.invalid.length === 1
                ? '1 line is not an email address:'
                : `${formatCount(list.invalid.length)} lines are not email addresses:`}
            </p>
            <ul>
              {list.invalid.slice(0, SHOWN_INVALID).map((entry) => (
                <li key={`${entry.line}-${entry.value}`}>
                  Line {entry.line}: <q>{entry.value}</q>
                </li>
              ))}
            </ul>
            {list.invalid.length > SHOWN_INVALID ? (
              <p>and {formatCount(list.invalid.length - SHOWN_INVALID)} more.</p>
            ) : null}
          </div>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.listError} role="alert">
          <Icon name="alert" size={16} />
          {error}
        </p>
      ) : null}
    </div>
  );
}
