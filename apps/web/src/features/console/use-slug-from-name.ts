import { useRef, type FocusEvent } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { suggestSlug } from '@cypher/contract';

/**
 * A new entry's slug follows its name as the name is typed, until the operator types a slug of their own (emptying it
 * hands it back to the name). Focusing a slug that still follows selects it, so typing replaces the suggestion. The
 * slug used to be filled in when the name lost focus, which is when the operator clicked into the slug: what they
 * typed there went after it ("owl-houseowls"), and a brand was published at that address. An existing entry's slug is
 * its public address and never follows.
 */
export function useSlugFromName<T extends FieldValues & { name: string; slug: string }>(
  form: Pick<UseFormReturn<T>, 'getValues' | 'setValue'>,
  isNew: boolean,
) {
  const isFollowing = useRef(isNew);
  const name = 'name' as Path<T>;
  const slug = 'slug' as Path<T>;
  return {
    nameOptions: {
      onChange: () => {
        if (isFollowing.current) form.setValue(slug, suggestSlug(form.getValues(name)) as PathValue<T, Path<T>>);
      },
    },
    slugOptions: {
      onChange: () => {
        isFollowing.current = isNew && form.getValues(slug) === '';
      },
    },
    onSlugFocus: (event: FocusEvent<HTMLInputElement>) => {
      if (isFollowing.current) event.currentTarget.select();
    },
  };
}
