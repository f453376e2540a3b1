import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TRedemption } from '@cypher/contract';
import { useSession } from '../../lib/session.ts';
import { ButtonLink } from '../../ui/button-link.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { RedeemForm } from './components/redeem-form.tsx';
import { RedemptionHistory } from './components/redemption-history.tsx';
import { RedemptionResult } from './components/redemption-result.tsx';
import styles from './redeem-page.module.css';
import { pageNumberOf } from '../../lib/use-url-filters.ts';

const SIGN_IN_HERE = `/signin?redirectTo=${encodeURIComponent('/profile/redeem')}`;

/**
 * `/profile/redeem` (spec section 2, issue 20): enter a code, see what it granted (CYP credit, tickets, a pass, an
 * edition, a sealed pack to open) with the way to where it now lives, and every code I redeemed before, a page at a time. A refusal (unknown,
 * not yet valid, expired, used up, already redeemed, too many attempts) shows under the field in the API's words.
 * Visitors are asked to sign in first, and come back here.
 */
export default function RedeemPage() {
  const { isLoggedIn } = useSession();
  const [searchParams] = useSearchParams();
  const page = pageNumberOf(searchParams.get('page'));
  const [redeemed, setRedeemed] = useState<TRedemption | null>(null);
  return (
    <div className={`container ${styles.page}`}>
      <PageMeta
        title="Redeem a code"
        description="Redeem a code from a brand, an event or the community for CYP credit, tickets, a pass, an edition or a pack."
      />
      <PageHeader
        eyebrow="Profile"
        title="Redeem a code"
        lead="Got a code from a brand, an event or the community? Enter it here to receive what it holds: CYP credit, tickets, a pass, an edition or a pack to open."
      />
      {isLoggedIn ? (
        <div className={styles.layout}>
          <div className={styles.side}>
            {redeemed ? <RedemptionResult redemption={redeemed} /> : null}
            <RedeemForm onRedeemed={setRedeemed} hasRedeemed={redeemed !== null} />
          </div>
          <section className={styles.section} aria-labelledby="redeemed-codes-heading">
            <h2 id="redeemed-codes-heading" className={styles.sectionTitle}>
              Your redeemed codes
            </h2>
            <RedemptionHistory page={page} />
          </section>
        </div>
      ) : (
        <EmptyState
          icon="gift"
          title="Sign in to redeem a code"
          body="What a code gives goes to your account: your balance, your tickets, your passes or your collection."
          action={
            <ButtonLink to={SIGN_IN_HERE} variant="primary">
              Sign in
            </ButtonLink>
          }
        />
      )}
    </div>
  );
}
