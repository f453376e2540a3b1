import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { ButtonLink } from '../../ui/button-link.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { MyTickets } from './components/my-tickets.tsx';
import { TicketsOnSale } from './components/tickets-on-sale.tsx';
import pageStyles from './drops.module.css';
import styles from './components/tickets.module.css';
import { pageNumberOf } from '../../lib/use-url-filters.ts';

/**
 * `/tickets` (spec section 2): my tickets, how many of each kind and what each is for, with their history a page at a
 * time (`?page=`); then the kinds on sale with their prices. Visitors see what is on sale and are asked to sign in
 * for their own.
 */
export default function TicketsPage() {
  const { isLoggedIn } = useSession();
  const [searchParams] = useSearchParams();
  const historyPage = pageNumberOf(searchParams.get('page'));
  return (
    <div className={`container ${pageStyles.page}`}>
      <PageMeta
        title="Tickets"
        description="Tickets are your entries into raffle rounds of drops: see the ones you hold, their history, and the ones on sale."
      />
      <PageHeader
        eyebrow="Raffles"
        title="Tickets"
        lead="A ticket is an entry into a raffle round of a drop: you spend it on the drop's page while its round takes entries, and keep it until then. Every ticket you get or spend is listed here."
      >
        {/* In a block of its own: the header's tools stretch to the column, a button need not. */}
        <div>
          <ButtonLink to="/drops" variant="secondary">
            See drops
          </ButtonLink>
        </div>
      </PageHeader>
      <div className={styles.sections}>
        <section className={styles.section} aria-labelledby="my-tickets-title">
          <h2 id="my-tickets-title" className={styles.sectionTitle}>
            My tickets
          </h2>
          {isLoggedIn ? (
            <MyTickets historyPage={historyPage} />
          ) : (
            <EmptyState
              icon="ticket"
              title="Sign in to see your tickets"
              body="The tickets you buy or earn wait here, with every entry you spent one on."
              action={
                <ButtonLink to="/signin?redirectTo=%2Ftickets" variant="primary">
                  Sign in
                </ButtonLink>
              }
            />
          )}
        </section>
        <section className={styles.section} aria-labelledby="tickets-on-sale-title">
          <h2 id="tickets-on-sale-title" className={styles.sectionTitle}>
            On sale
          </h2>
          <TicketsOnSale />
        </section>
      </div>
    </div>
  );
}
