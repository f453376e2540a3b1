import type { TFavoriteTargetType } from '@cypher/contract';
import { useLocation } from 'react-router';
import { useAddFavorite } from '../api/favorites/add-favorite.ts';
import { useIsFavorite } from '../api/favorites/list-my-favorites.ts';
import { useRemoveFavorite } from '../api/favorites/remove-favorite.ts';
import { useSession } from '../lib/session.ts';
import { buttonClassName } from './button-class-name.ts';
import { ButtonLink } from './button-link.tsx';
import { Icon } from './icon.tsx';
import { useFocusAfterRemoval } from './use-focus-after-removal.ts';
import { useToast } from './use-toast.ts';
import styles from './favorite-toggle.module.css';

interface FavoriteToggleProps {
  targetType: TFavoriteTargetType;
  targetId: string;
  /**
   * Only to take a favorite back: what can no longer be favorited (an edition burned in a fusion) shows the heart
   * while it is still the person's favorite, so that it can leave their favorites (it stays listed there, saying so).
   */
  isRemoveOnly?: boolean;
}

/**
 * The heart on a product's page and an NFT's page. Signed in, it is a toggle button (aria-pressed) named by its
 * visible word, "Favorite" or, once pressed, "Favorited", so the state reads in words as well as in the filled heart;
 * the press shows at once (the mutation's own variables) and stays until every favorites list has been read again.
 * Signed out, it is a link to sign in that comes back here, named for what it leads to ("Add to favorites", which
 * holds the visible word, so speech input finds it).
 */
export function FavoriteToggle({ targetType, targetId, isRemoveOnly = false }: FavoriteToggleProps) {
  const { isLoggedIn } = useSession();
  const { pathname, search } = useLocation();
  if (!isLoggedIn) {
    if (isRemoveOnly) return null;
    return (
      <ButtonLink
        to={`/signin?redirectTo=${encodeURIComponent(`${pathname}${search}`)}`}
        className={styles.toggle}
        aria-label="Add to favorites"
      >
        <Icon name="heart" size={18} className={styles.heart} />
        Favorite
      </ButtonLink>
    );
  }
  return <SignedInToggle targetType={targetType} targetId={targetId} isRemoveOnly={isRemoveOnly} />;
}

function SignedInToggle({ targetType, targetId, isRemoveOnly }: FavoriteToggleProps) {
  const { showToast } = useToast();
  const status = useIsFavorite(targetId);
  const add = useAddFavorite();
  const remove = useRemoveFavorite();
  const isSending = add.isPending || remove.isPending;
  const focusAfterRemoval = useFocusAfterRemoval();
  // While a press is on its way, show what it asked for; otherwise what the API said (not yet known: not a favorite).
  const isFavorite = add.isPending ? true : remove.isPending ? false : (status.isFavorite ?? false);

  const onFailure = (error: Error) =>
    showToast({ title: 'We could not update your favorites', description: error.message, tone: 'error' });
  const toggle = () => {
    // Not `disabled` while sending or loading: a disabled button drops keyboard focus. A press then is ignored.
    if (isSending || status.isPending) return;
    focusAfterRemoval.markPressed();
    if (isFavorite) remove.mutate(targetId, { onError: onFailure });
    else add.mutate({ targetType, targetId }, { onError: onFailure });
  };

  // Taken back, a heart that can only take back goes (its focus to the main content, not the body).
  if (isRemoveOnly && !isFavorite) return null;
  return (
    <button
      ref={isRemoveOnly ? focusAfterRemoval.ref : undefined}
      type="button"
      className={buttonClassName({ variant: 'secondary' }, styles.toggle)}
      aria-pressed={isFavorite}
      aria-busy={isSending || status.isPending || undefined}
      onClick={toggle}
    >
      <Icon name="heart" size={18} className={styles.heart} />
      {isFavorite ? 'Favorited' : 'Favorite'}
    </button>
  );
}
