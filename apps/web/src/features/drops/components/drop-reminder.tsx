import { useLocation } from 'react-router';
import type { TDrop, TDropReminder, TRaffleDraw } from '@cypher/contract';
import { formatDateTimeWithZone } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useCancelDropReminder } from '../api/cancel-drop-reminder.ts';
import { useSetDropReminder } from '../api/set-drop-reminder.ts';
import styles from './drop-reminder.module.css';

/**
 * What "Remind me" is about on this drop now, or null: signed in, the viewer part's reminder (the API knows the
 * caller's whitelists and reminders); signed out, the next round not open yet. A round that has opened since the
 * drop was read is past reminding (the page reads the drop again at that boundary).
 */
export function reminderOffer(drop: TDrop, now: Date, isLoggedIn: boolean): TDropReminder | null {
  const isToCome = (saleBeginAt: string) =>
    Date.parse(saleBeginAt) > now.getTime() && Date.parse(saleBeginAt) < Date.parse(drop.dropEndAt);
  if (isLoggedIn) {
    const reminder = drop.viewer?.reminder ?? null;
    return reminder && isToCome(reminder.saleBeginAt) ? reminder : null;
  }
  const next = [...drop.salePolicies].sort((a, b) => a.round - b.round).find((policy) => isToCome(policy.saleBeginAt));
  return next ? { policyId: next.id, round: next.round, saleBeginAt: next.saleBeginAt, isSet: false } : null;
}

/**
 * The offer, unless it is of a raffle round whose first draw did not pick the signed-in person: only that draw's
 * winners buy when the round opens, which is when a reminder comes (the API's viewer part offers none then either, from
 * its next read; this turns the page at the draw itself). A reminder already set stays, so it can be cancelled; a
 * visitor's raffle answer has no `mine`, and their offer stays as it is.
 */
export function unlessNotDrawn(reminder: TDropReminder | null, raffle: TRaffleDraw | null): TDropReminder | null {
  if (!reminder || reminder.isSet || raffle?.roundId !== reminder.policyId) return reminder;
  if (!raffle.drawnAt || raffle.mine === undefined) return reminder;
  return raffle.mine?.wonIn === 1 ? reminder : null;
}

/**
 * Route: uses POST and DELETE /v1/drops/{id}/reminders · UI: the drop page's status panel (drop-detail-page.tsx) ·
 * Tests: drop-reminder.test.tsx.
 *
 * "Remind me" on a round not open yet (issue 22): a notification and an email when it opens. Signed out, a link to
 * sign in that comes back here; signed in, a button that turns into "Reminder set · Cancel" (the state is announced,
 * each button shows it is busy, and a refusal is said in the catalogue's words under it). `isMain`: the panel's one
 * action (nothing to buy now), drawn as large as the Buy button it stands in for.
 */
export function DropReminder({ drop, reminder, isMain }: { drop: TDrop; reminder: TDropReminder; isMain: boolean }) {
  const { isLoggedIn } = useSession();
  const { pathname, search } = useLocation();
  const when = `round ${reminder.round} opens`;
  if (!isLoggedIn) {
    return (
      <div className={styles.reminder}>
        <ButtonLink
          to={`/signin?redirectTo=${encodeURIComponent(`${pathname}${search}`)}`}
          variant={isMain ? 'primary' : 'secondary'}
          size={isMain ? 'lg' : 'md'}
          isBlock={isMain}
          aria-describedby="reminder-note"
        >
          <Icon name="bell" size={18} />
          Remind me
        </ButtonLink>
        <p id="reminder-note" className={styles.note}>
          Sign in, and we will tell you when {when}.
        </p>
      </div>
    );
  }
  return <SignedInReminder drop={drop} reminder={reminder} isMain={isMain} when={when} />;
}

function SignedInReminder({
  drop,
  reminder,
  isMain,
  when,
}: {
  drop: TDrop;
  reminder: TDropReminder;
  isMain: boolean;
  when: string;
}) {
  const set = useSetDropReminder(drop.id);
  const cancel = useCancelDropReminder(drop.id);
  const error = set.error ?? cancel.error;
  const opensAt = formatDateTimeWithZone(reminder.saleBeginAt);
  return (
    <div className={styles.reminder}>
      {/* One live region for both states, so "Reminder set" and its undoing are announced where focus stays. */}
      <div aria-live="polite" className={styles.live}>
        {reminder.isSet ? (
          <div className={isMain ? styles.set : `${styles.set} ${styles.compact}`}>
            <p className={styles.setText}>
              <Icon name="check" size={18} className={styles.check} />
              {/* The round is in the line below; a screen reader hears it here too. */}
              <span>
                Reminder set<span className="visually-hidden"> for round {reminder.round}</span>
              </span>
            </p>
            <span className={styles.separator} aria-hidden="true">
              ·
            </span>
            <Button
              variant="ghost"
              size="sm"
              isLoading={cancel.isPending}
              onClick={() => {
                set.reset();
                cancel.mutate(reminder);
              }}
              aria-label={`Cancel the reminder for round ${reminder.round}`}
            >
              Cancel
            </Button>
          </div>
        ) : (
          <Button
            variant={isMain ? 'primary' : 'secondary'}
            size={isMain ? 'lg' : 'md'}
            isBlock={isMain}
            isLoading={set.isPending}
            onClick={() => {
              cancel.reset();
              set.mutate(reminder.policyId);
            }}
            aria-describedby="reminder-note"
          >
            <Icon name="bell" size={18} />
            Remind me
          </Button>
        )}
      </div>
      <p id="reminder-note" className={styles.note}>
        {reminder.isSet
          ? `We will send you a notification and an email when ${when} (${opensAt}).`
          : `A notification and an email when ${when} (${opensAt}).`}
      </p>
      {error ? <Alert tone="error">{error.message}</Alert> : null}
    </div>
  );
}
