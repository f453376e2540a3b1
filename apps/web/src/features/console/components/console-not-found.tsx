import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';

/** A console address that names no section or entry this operator can open. */
export function ConsoleNotFound({ title, body }: { title: string; body: string }) {
  return (
    <EmptyState
      icon="compass"
      titleAs="h1"
      title={title}
      body={body}
      action={<ButtonLink to="/console">Console overview</ButtonLink>}
    />
  );
}
