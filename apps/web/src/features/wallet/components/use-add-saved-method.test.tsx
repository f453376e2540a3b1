import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { UnsavedChangesContext, type TGuardedForm, type TUnsavedChangesGuard } from '../../../ui/unsaved-changes.ts';
import { useAddSavedMethod } from './use-add-saved-method.ts';

function LabelForm({ add, onAdded }: { add: (values: { label: string }) => Promise<unknown>; onAdded?: () => void }) {
  const form = useForm<{ label: string }>({ defaultValues: { label: '' } });
  const { onSubmit } = useAddSavedMethod(form, {
    what: 'card',
    add,
    errorFields: { fields: ['label'], fieldForCode: { CARD_ALREADY_SAVED: 'label' } },
    onAdded,
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={onSubmit} aria-label="Add a card">
      <input aria-label="Label" {...form.register('label')} />
      {errors.label ? <p>{errors.label.message}</p> : null}
      {errors.root?.server ? <p>{errors.root.server.message}</p> : null}
      <button type="submit">Save</button>
    </form>
  );
}

function withGuard(children: ReactNode, forms: TGuardedForm[]) {
  const guard: TUnsavedChangesGuard = {
    register: (form) => {
      forms.push(form);
      return () => undefined;
    },
    allowNextMove: () => undefined,
    askBeforeClosing: (_form, close) => close(),
    hasUnsavedChanges: () => forms.some((form) => form.hasUnsavedChanges()),
  };
  return <UnsavedChangesContext.Provider value={guard}>{children}</UnsavedChangesContext.Provider>;
}

describe('useAddSavedMethod', () => {
  it('empties the form once saved, so nothing is left to ask about, and lets the form close itself', async () => {
    const user = userEvent.setup();
    const forms: TGuardedForm[] = [];
    const add = vi.fn(() => Promise.resolve());
    const onAdded = vi.fn();
    render(withGuard(<LabelForm add={add} onAdded={onAdded} />, forms));

    await user.type(screen.getByLabelText('Label'), 'Visa');
    expect(forms[0]?.hasUnsavedChanges()).toBe(true);
    expect(forms[0]?.notSaved()).toBe('The card you are adding is not saved.');
    // Another tab of the payment page drops the form; another page of a list within the tab keeps it.
    const page = '/account/payments';
    expect(
      forms[0]?.isKeptAcross({
        from: { pathname: page, search: '?tab=methods' },
        to: { pathname: page, search: '?tab=withdraw' },
      }),
    ).toBe(false);
    expect(
      forms[0]?.isKeptAcross({
        from: { pathname: page, search: '?tab=methods' },
        to: { pathname: page, search: '?tab=methods&page=2' },
      }),
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(add).toHaveBeenCalledWith({ label: 'Visa' });
    expect(screen.getByLabelText('Label')).toHaveValue('');
    expect(forms[0]?.hasUnsavedChanges()).toBe(false);
    expect(onAdded).toHaveBeenCalledOnce();
  });

  it('keeps what was typed and shows a refusal under the field it is about, or above the form', async () => {
    const user = userEvent.setup();
    const add = vi
      .fn<(values: { label: string }) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(409, 'CARD_ALREADY_SAVED', 'This card is already saved.'))
      .mockRejectedValueOnce(new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many requests. Try again later.'));
    const onAdded = vi.fn();
    render(withGuard(<LabelForm add={add} onAdded={onAdded} />, []));

    await user.type(screen.getByLabelText('Label'), 'Visa');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This card is already saved.')).toBeInTheDocument();
    expect(screen.getByLabelText('Label')).toHaveValue('Visa');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too many requests. Try again later.')).toBeInTheDocument();
    expect(screen.getByLabelText('Label')).toHaveValue('Visa');
    expect(onAdded).not.toHaveBeenCalled();
  });
});
