import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  ZExportEditionRequest,
  type TEdition,
  type TEditionDetail,
  type TExportEditionRequest,
} from '@cypher/contract';
import { isFinalRefusal } from '../../../api/api-error.ts';
import { formatEditionNumber } from '../../../lib/format.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { useChangePlacement } from '../api/equip-edition.ts';
import { useMoveEdition } from '../api/move-edition.ts';
import { FigureBasesItFits } from './figure-bases-it-fits.tsx';
import styles from './nft-page.module.css';

/**
 * What the owner may do with an edition in their collection: lock it against fusion, export and sale (or unlock it),
 * export it to their own wallet, which asks twice (the address, then "this cannot be undone"), go to the figure
 * bases of its collection that have a slot for it, and take it off the base it stands on. That last is here as well as
 * on the base's page because the base's page is not found once its collection or brand is unpublished, while the
 * edition would otherwise stay on it for good (no fusion, lock or export).
 */
export function OwnerActions({ edition }: { edition: TEditionDetail }) {
  const moveEdition = useMoveEdition();
  const changePlacement = useChangePlacement();
  const { showToast } = useToast();
  const figureBaseId = edition.state === 'EQUIPPED' ? edition.figureBaseId : null;
  const [isExporting, setIsExporting] = useState(false);
  const [isExportSending, setIsExportSending] = useState(false);
  const isLocked = edition.state === 'LOCKED';
  const canMove = edition.state === 'OWNED' || isLocked;
  const lockError = moveEdition.error && moveEdition.variables?.move !== 'export' ? moveEdition.error : null;

  return (
    <section aria-labelledby="owner-actions-heading" className={styles.panel}>
      <h2 id="owner-actions-heading" className={styles.panelHeading}>
        Yours
      </h2>
      {lockError ? <Alert tone="error">{lockError.message}</Alert> : null}
      {changePlacement.error ? <Alert tone="error">{changePlacement.error.message}</Alert> : null}
      <p className={styles.muted}>
        {isLocked
          ? 'Locked: it cannot be fused, exported, sold or put on a figure base until you unlock it.'
          : edition.state === 'EQUIPPED'
            ? 'On a figure base: take it off the base to lock or export it.'
            : 'Lock it to keep it from fusion, export, sale and figure bases, or export it to a wallet of your own.'}
      </p>
      {/* The collection's page is not found once it or its brand is unpublished: then no link to it. */}
      {edition.state === 'EQUIPPED' && edition.collection && edition.isCollectionPublic ? (
        <Link to={`/collections/${edition.collection.id}`} className={styles.link}>
          See {edition.collection.name}'s figure bases
        </Link>
      ) : null}
      {figureBaseId ? (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            isLoading={changePlacement.isPending}
            onClick={() =>
              changePlacement.mutate(
                { move: 'unequip', figureBaseId, editionId: edition.id },
                {
                  onSuccess: () =>
                    showToast({ tone: 'success', title: `${edition.product.name} is back in your collection` }),
                },
              )
            }
          >
            Take it off its figure base
          </Button>
        </div>
      ) : null}
      {canMove ? (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            isLoading={moveEdition.isPending && moveEdition.variables?.move !== 'export'}
            onClick={() => moveEdition.mutate({ move: isLocked ? 'unlock' : 'lock', id: edition.id })}
          >
            {isLocked ? 'Unlock' : 'Lock'}
          </Button>
          {isLocked ? null : (
            <Button variant="ghost" onClick={() => setIsExporting(true)}>
              Export to a wallet
            </Button>
          )}
        </div>
      ) : null}
      {edition.state === 'OWNED' && edition.collection ? (
        <FigureBasesItFits edition={edition} collectionId={edition.collection.id} />
      ) : null}
      {/* An export on its way cannot be called back: the dialog stays until it answers, with what it says. */}
      <Dialog
        isOpen={isExporting}
        onClose={() => setIsExporting(false)}
        isBusy={isExportSending}
        title="Export to your wallet"
      >
        {isExporting ? (
          <ExportForm edition={edition} onDone={() => setIsExporting(false)} onSendingChange={setIsExportSending} />
        ) : null}
      </Dialog>
    </section>
  );
}

function ExportForm({
  edition,
  onDone,
  onSendingChange,
}: {
  edition: TEdition;
  onDone: () => void;
  onSendingChange: (isSending: boolean) => void;
}) {
  const moveEdition = useMoveEdition();
  useEffect(() => {
    onSendingChange(moveEdition.isPending);
    return () => onSendingChange(false);
  }, [moveEdition.isPending, onSendingChange]);
  const idempotency = useIdempotencyKey('edition-move');
  const { showToast } = useToast();
  const [confirmedAddress, setConfirmedAddress] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TExportEditionRequest>({ resolver: zodResolver(ZExportEditionRequest), defaultValues: { address: '' } });
  const name = `${edition.product.name} ${formatEditionNumber(edition.serialNumber, edition.editionSize)}`;

  if (confirmedAddress === null) {
    return (
      <form className={styles.form} noValidate onSubmit={handleSubmit(({ address }) => setConfirmedAddress(address))}>
        <p className={styles.muted}>
          Exporting moves {name} out of Cypher to a wallet you hold. It leaves your collection for good: it can no
          longer be placed on a figure base, fused or sold here.
        </p>
        <Field
          label="Wallet address"
          hint="Your own Ethereum address, 0x and 40 characters."
          error={errors.address?.message}
        >
          {(props) => <Input {...props} autoComplete="off" spellCheck={false} {...register('address')} />}
        </Field>
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" variant="primary">
            Continue
          </Button>
        </div>
      </form>
    );
  }

  const exportNow = () => {
    const body = { address: confirmedAddress };
    moveEdition.mutate(
      { move: 'export', id: edition.id, body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: () => {
          idempotency.settle();
          onDone();
          // The panel it was asked from goes with the edition, so the outcome is said where it stays in view.
          showToast({ tone: 'success', title: `${name} exported`, description: `Sent to ${confirmedAddress}.` });
        },
        // A refusal is final under its key; a lost answer, or the first request still running, keeps the key, so
        // trying again cannot export twice.
        onError: (error) => {
          if (!isFinalRefusal(error)) return;
          idempotency.settle();
          // Refused for the address itself (a collectible's contract): back to the field, with the reason under it.
          const refusal = error.details?.find((detail) => detail.field === 'address');
          if (refusal) {
            setConfirmedAddress(null);
            setError('address', { message: refusal.message });
          }
        },
      },
    );
  };
  return (
    <div className={styles.form}>
      {moveEdition.error ? <Alert tone="error">{moveEdition.error.message}</Alert> : null}
      <Alert tone="info" title="This cannot be undone">
        {name} will leave your collection and go to this address. Check it once more: a token sent to an address you do
        not hold is lost.
      </Alert>
      <p className={styles.confirmAddress}>{confirmedAddress}</p>
      <div className={styles.actions}>
        <Button variant="ghost" onClick={() => setConfirmedAddress(null)} disabled={moveEdition.isPending}>
          Back
        </Button>
        <Button variant="danger" isLoading={moveEdition.isPending} onClick={exportNow}>
          Export for good
        </Button>
      </div>
    </div>
  );
}
