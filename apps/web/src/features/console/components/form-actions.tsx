import { Button } from '../../../ui/button.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import styles from './console-form.module.css';

interface FormActionsProps {
  isSaving: boolean;
  cancelTo: string;
  isNew: boolean;
  /** Brand managers may look at what only admins may change. */
  isReadOnly?: boolean;
  /** What is live once made (categories, tags, ticket kinds, calendars, figure bases, code batches) has no drafts. */
  hasDrafts?: boolean;
}

/** Save and Cancel at the bottom of a console form; Save shows a spinner and refuses clicks while sending. */
export function FormActions({ isSaving, cancelTo, isNew, isReadOnly, hasDrafts = true }: FormActionsProps) {
  return (
    <div className={styles.actions}>
      <ButtonLink to={cancelTo} variant="ghost">
        {isReadOnly ? 'Back' : 'Cancel'}
      </ButtonLink>
      {isReadOnly ? null : (
        <Button type="submit" variant="primary" isLoading={isSaving}>
          {isNew ? (hasDrafts ? 'Create draft' : 'Create') : 'Save changes'}
        </Button>
      )}
    </div>
  );
}
