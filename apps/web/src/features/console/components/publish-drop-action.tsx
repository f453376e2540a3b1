import { formatMoney, type TConsoleDrop } from '@cypher/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../api/api-error.ts';
import { formatCount, formatDateTimeWithZone } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { usePublishConsoleDrop } from '../api/publish-console-drop.ts';
import styles from './drops.module.css';
import { RoundBuyers } from './round-buyers.tsx';

interface PublishDropActionProps {
  drop: TConsoleDrop;
  /** The editor holds changes not saved yet: publishing would take the drop without them. */
  hasUnsavedChanges: boolean;
}

/**
 * What goes on sale for good, round by round, and the drop's totals: a price typed as 1500 once went on sale as
 * $1,500.00 because nothing showed it before publishing. A table on a wide dialog; a block per round on a phone.
 */
function DropRecap({ drop, packs, editions }: { drop: TConsoleDrop; packs: number; editions: number }) {
  const giftPacks = drop.giftRound?.packCount ?? 0;
  return (
    <div className={styles.recap}>
      <table className={styles.recapTable}>
        <caption className={styles.recapCaption}>What goes on sale</caption>
        <thead>
          <tr>
            <th scope="col">Round</th>
            <th scope="col">Price per pack</th>
            <th scope="col">Packs</th>
            <th scope="col">Per person</th>
            <th scope="col">Who may buy</th>
          </tr>
        </thead>
        <tbody>
          {drop.rounds.map((round) => (
            <tr key={round.id}>
              <th scope="row">Round {round.round}</th>
              <td data-label="Price per pack">{formatMoney(round.price)}</td>
              <td data-label="Packs">{formatCount(round.packCount)}</td>
              <td data-label="Per person">
                {round.perPersonLimit === null ? 'No limit' : formatCount(round.perPersonLimit)}
              </td>
              <td data-label="Who may buy">
                <RoundBuyers round={round} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.recapTotal}>
        In all: <strong>{formatCount(packs)}</strong> {packs === 1 ? 'pack' : 'packs'}
        {giftPacks > 0 ? ` (${formatCount(giftPacks)} of them set aside for giveaways, never on sale)` : ''} and{' '}
        <strong>{formatCount(editions)}</strong> {editions === 1 ? 'edition' : 'editions'}.
      </p>
    </div>
  );
}

/**
 * The product a DROP_PRODUCT_NOT_PUBLISHED detail ("Squire is still a draft.") names, among the drop's contents: the
 * dialog links to it, so the refusal leads to the page where it is published rather than leaving the operator to
 * find it.
 */
function draftProductOf(drop: TConsoleDrop, error: unknown, message: string) {
  if (!isApiError(error) || error.code !== 'DROP_PRODUCT_NOT_PUBLISHED') return undefined;
  return drop.contents.find((content) => message === `${content.productName} is still a draft.`);
}

/**
 * Publish behind a confirmation that says what it fixes for good: the packs' contents (shuffled from a secret seed,
 * serial numbers taken), the provenance commitment, and the drop itself, which can no longer be changed.
 */
export function PublishDropAction({ drop, hasUnsavedChanges }: PublishDropActionProps) {
  const [isConfirming, setIsConfirming] = useState(false);
  const publish = usePublishConsoleDrop(drop.id);
  const { showToast } = useToast();
  // The gift round's packs are the drop's packs too: the contents fill them and the publication writes them.
  const packs = drop.rounds.reduce((sum, round) => sum + round.packCount, 0) + (drop.giftRound?.packCount ?? 0);
  const editions = drop.contents.reduce((sum, content) => sum + content.editionCount, 0);
  const hasBegun = Date.parse(drop.dropBeginAt) <= Date.now();
  const details = isApiError(publish.error) ? (publish.error.details ?? []) : [];

  async function confirm() {
    try {
      const answer = await publish.mutateAsync();
      setIsConfirming(false);
      showToast(
        answer.publicationStatus === 'PUBLISHED'
          ? { tone: 'success', title: `${drop.name} is published`, description: 'Its packs and commitment are fixed.' }
          : {
              tone: 'success',
              title: `${drop.name} is being published`,
              description: `Its ${formatCount(packs)} packs are being written; it goes on sale once they all are.`,
            },
      );
    } catch {
      // The dialog stays open and says why (publish.error).
    }
  }

  return (
    <>
      <Button
        variant="primary"
        onClick={() => {
          publish.reset();
          setIsConfirming(true);
        }}
      >
        Publish
      </Button>
      <Dialog
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        isBusy={publish.isPending}
        title={`Publish ${drop.name}?`}
        description="Publishing fixes the drop for good."
        footer={
          <>
            <Button onClick={() => setIsConfirming(false)} disabled={publish.isPending}>
              Cancel
            </Button>
            <Button
              variant="primary"
              onClick={() => void confirm()}
              isLoading={publish.isPending}
              disabled={hasUnsavedChanges}
            >
              Publish
            </Button>
          </>
        }
      >
        <ul className={styles.publishList}>
          <li>
            <strong>The contents are fixed.</strong> {formatCount(editions)} {editions === 1 ? 'edition' : 'editions'}{' '}
            of {formatCount(drop.contents.length)} {drop.contents.length === 1 ? 'product' : 'products'} take their
            serial numbers now and are shuffled into {formatCount(packs)} {packs === 1 ? 'pack' : 'packs'} of{' '}
            {formatCount(drop.editionsPerPack)} from a secret seed.
          </li>
          <li>
            <strong>The provenance commitment is published:</strong> a hash of the seed and every pack’s contents. The
            seed is revealed when the drop ends, so anyone can check that no pack was changed.
          </li>
          <li>
            <strong>The drop can no longer be changed:</strong> not its times, rounds, prices, whitelists or contents.
          </li>
          <li>
            Collectors see it from {formatDateTimeWithZone(drop.visibleAt)}; the sale runs from{' '}
            {formatDateTimeWithZone(drop.dropBeginAt)} to {formatDateTimeWithZone(drop.dropEndAt)}.
          </li>
        </ul>
        <DropRecap drop={drop} packs={packs} editions={editions} />
        {hasUnsavedChanges ? (
          <Alert tone="error">Save your changes first: publishing takes the drop as it was last saved.</Alert>
        ) : hasBegun ? (
          <Alert tone="info">Its begin time has passed: it goes on sale as soon as it is published.</Alert>
        ) : null}
        {publish.isError ? (
          details.length > 0 ? (
            <Alert tone="error" title={publish.error.message}>
              <ul>
                {details.map((detail) => {
                  const draft = draftProductOf(drop, publish.error, detail.message);
                  return (
                    <li key={`${detail.field}-${detail.message}`}>
                      {detail.message}
                      {draft ? (
                        <>
                          {' '}
                          <Link to={`/console/products/${draft.productId}`}>
                            Open {draft.productName} to publish it
                          </Link>
                        </>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </Alert>
          ) : (
            <Alert tone="error">{publish.error.message}</Alert>
          )
        ) : null}
      </Dialog>
    </>
  );
}
