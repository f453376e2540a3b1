import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DateTimeField } from './date-time-field.tsx';
import { RelationField } from './relation-select.tsx';

// What the fields hold (null for none) against what the form sends (required here).
const required = (message: string) =>
  z
    .string()
    .nullable()
    .pipe(z.string({ error: message }));
const ZForm = z.object({ licenseId: required('Choose a license.'), opensAt: required('Enter when it opens.') });
type TForm = { licenseId: string | null; opensAt: string | null };

function Form({ onSave, onPicked }: { onSave: (values: z.output<typeof ZForm>) => void; onPicked?: () => void }) {
  const { control, handleSubmit } = useForm<TForm, unknown, z.output<typeof ZForm>>({
    resolver: zodResolver(ZForm),
    defaultValues: { licenseId: null, opensAt: null },
  });
  return (
    <form onSubmit={handleSubmit(onSave)}>
      <RelationField
        control={control}
        name="licenseId"
        label="License"
        isRequired
        noneLabel="Choose a license"
        options={[{ id: 'lic-1', label: 'Standard' }]}
      />
      <DateTimeField control={control} name="opensAt" label="Opens" isRequired onPicked={onPicked} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('console form fields bound to react-hook-form', () => {
  it('show their errors, focus the first one wrong, and hand over what was chosen', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    const onPicked = vi.fn();
    render(<Form onSave={onSave} onPicked={onPicked} />);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a license.')).toBeInTheDocument();
    expect(screen.getByText('Enter when it opens.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^License/)).toHaveFocus();
    expect(onSave).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText(/^License/), 'Standard');
    const opens = screen.getByLabelText(/^Opens/);
    await user.type(opens, '2030-01-02T10:30');
    expect(onPicked).toHaveBeenLastCalledWith(new Date('2030-01-02T10:30').toISOString());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(
      { licenseId: 'lic-1', opensAt: new Date('2030-01-02T10:30').toISOString() },
      expect.anything(),
    );
  });
});
