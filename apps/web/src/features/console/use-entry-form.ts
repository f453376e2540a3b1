import { zodResolver } from '@hookform/resolvers/zod';
import { catalogMessages } from '@cypher/contract';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { applyApiError } from '../../api/form-errors.ts';
import { entryKey } from '../../ui/edits-left-behind.ts';
import { useUnsavedChanges, type TAfterSave } from '../../ui/unsaved-changes.ts';
import { useToast } from '../../ui/use-toast.ts';
import {
  consoleResources,
  type TConsoleCreateBody,
  type TConsoleResource,
  type TConsoleUpdateBody,
} from './api/console-resources.ts';
import { useCreateConsoleEntry } from './api/create-console-entry.ts';
import { useUpdateConsoleEntry } from './api/update-console-entry.ts';
import { changedFields } from './form-values.ts';
import { sectionById } from './console-sections.ts';

interface SaveOptions<TValues extends FieldValues> {
  setError: UseFormSetError<TValues>;
  /** The form's fields: the API's field errors for these show under them. */
  fields: ReadonlyArray<Path<TValues>>;
  /** Conflicts that belong to one field, e.g. SLUG_ALREADY_EXISTS under the slug. */
  fieldForCode?: Partial<Record<string, Path<TValues>>>;
  /** Told once the API has saved it, before a new entry opens: the form's `markSaved` (useUnsavedChanges). */
  onSaved?: (after?: TAfterSave) => void;
}

/**
 * Creating and editing share one flow: the form validates with the contract's create schema; a new entry is POSTed
 * and opens for editing (where it can be published); an edit PATCHes only what changed, checked with the contract's
 * update schema, or says there is nothing to save. Failures land under their fields, or at the top.
 */
function useSaveEntry<R extends TConsoleResource>(
  resource: R,
  entryId: string | undefined,
  version: string | undefined,
) {
  const create = useCreateConsoleEntry(resource);
  const update = useUpdateConsoleEntry(resource, entryId ?? '', version);
  const navigate = useNavigate();
  const { showToast } = useToast();
  const singular = sectionById(resource)?.singular ?? 'entry';

  async function save<TValues extends FieldValues, TOutput extends Record<string, unknown>>(
    schema: z.ZodType<TOutput>,
    output: TOutput,
    loaded: unknown,
    { setError, fields, fieldForCode, onSaved }: SaveOptions<TValues>,
    readOnlyKeys: readonly string[] = [],
  ): Promise<boolean> {
    try {
      if (!entryId) {
        // The form validates with the resource's create schema (or one that only words an error differently), so its
        // output is that resource's create body; the generic signature cannot see that.
        const created = (await create.mutateAsync(output as unknown as TConsoleCreateBody<R>)) as { id: string };
        onSaved?.({ movingTo: entryKey(resource, created.id) });
        showToast({ tone: 'success', title: `${capitalise(singular)} created`, description: draftNote(resource) });
        void navigate(`/console/${resource}/${created.id}`, { replace: true });
        return true;
      }
      // The changes must pass the contract's update schema too (at least one field; a banner's window still in order).
      const changed = changedFields(schema, output, loaded, readOnlyKeys);
      // An update schema without a "change something" rule (a pass's) would let an empty PATCH through.
      if (Object.keys(changed).length === 0) {
        setError('root.server', { message: catalogMessages.emptyUpdate });
        return false;
      }
      const changes = consoleResources[resource].update.safeParse(changed);
      if (!changes.success) {
        setError('root.server', { message: changes.error.issues[0]?.message ?? catalogMessages.emptyUpdate });
        return false;
      }
      await update.mutateAsync(changes.data as TConsoleUpdateBody<R>);
      onSaved?.();
      showToast({ tone: 'success', title: 'Changes saved' });
      return true;
    } catch (error) {
      applyApiError(error, setError, { fields, fieldForCode });
      return false;
    }
  }

  return { save, isSaving: create.isPending || update.isPending };
}

interface EntryFormOptions<TValues extends FieldValues, TOutput> {
  /** The contract's create schema, or one that only words an error differently: the form's rules, and the body. */
  schema: z.ZodType<TOutput, TValues>;
  /** The entry as the form holds it (empty for a new one): the form's defaults, and what an edit is compared with. */
  loaded: TValues;
  /** The entry in the unsaved-changes prompt: "Your changes to this {noun} are not saved." */
  noun: string;
  /** The fields the API's errors may name; a function of the output when they vary with it (a base's slots). */
  fields: SaveOptions<TValues>['fields'] | ((output: TOutput) => SaveOptions<TValues>['fields']);
  fieldForCode?: SaveOptions<TValues>['fieldForCode'];
  /** Fields an edit never sends, e.g. a product's brand, fixed once it is created. */
  readOnlyKeys?: readonly string[];
  /**
   * The entry's `updatedAt` as loaded, the version an edit is made from (If-Match): the page keys the form on it, so
   * after a save the form starts again from the version saved.
   */
  version?: string;
}

/**
 * A console entry's form: react-hook-form with the schema's rules, guarded against leaving with unsaved changes, and
 * `saveOutput` for its valid output, which creates the entry or saves what changed (useSaveEntry).
 * `<EntryForm onSubmit={form.handleSubmit(saveOutput)}>`; a form that asks first (a price change) calls it after.
 */
export function useEntryForm<
  R extends TConsoleResource,
  TValues extends FieldValues,
  TOutput extends Record<string, unknown>,
>(
  resource: R,
  entryId: string | undefined,
  { schema, loaded, noun, fields, fieldForCode, readOnlyKeys, version }: EntryFormOptions<TValues, TOutput>,
) {
  const { save, isSaving } = useSaveEntry(resource, entryId, version);
  // A whole TValues is a DefaultValues<TValues> (its deep partial); TypeScript cannot see that for a generic one.
  const defaultValues = loaded as DefaultValues<TValues>;
  const form = useForm<TValues, unknown, TOutput>({ resolver: zodResolver(schema), defaultValues });
  const { markSaved, whileSaving } = useUnsavedChanges(form, noun, {
    entry: entryId && version ? { key: entryKey(resource, entryId), version } : undefined,
  });
  const saveOutput = (output: TOutput) =>
    whileSaving(() =>
      save(
        schema,
        output,
        loaded,
        {
          setError: form.setError,
          onSaved: markSaved,
          fields: typeof fields === 'function' ? fields(output) : fields,
          fieldForCode,
        },
        readOnlyKeys,
      ),
    );
  return { form, saveOutput, isSaving };
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function draftNote(resource: TConsoleResource): string | undefined {
  // A pass is a draft too, published once by its own action (decision record 50).
  return consoleResources[resource].isPublishable || resource === 'passes'
    ? 'It is a draft until you publish it.'
    : undefined;
}
