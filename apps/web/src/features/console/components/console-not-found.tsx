import { isApiError, namesNothing } from '../../../api/api-error.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';

/**
 * A console address that names no section or entry this operator can open; the way out is the entry's list where
 * there is one ("All withdrawals"), else the console's overview.
 */
export function ConsoleNotFound({
  title,
  body,
  back = { to: '/console', label: 'Console overview' },
}: {
  title: string;
  body: string;
  back?: { to: string; label: string };
}) {
  return (
    <EmptyState
      icon="compass"
      titleAs="h1"
      title={title}
      body={body}
      action={<ButtonLink to={back.to}>{back.label}</ButtonLink>}
    />
  );
}

/**
 * An entry's address names nothing this operator may open: nothing is there (404, or an id of the wrong shape), or it
 * is a brand's they do not manage (403, told the same way, so a brand manager learns nothing of other brands').
 * Asking again would not change it.
 */
export function namesNothingHere(error: unknown): boolean {
  return namesNothing(error) || (isApiError(error) && error.status === 403);
}
