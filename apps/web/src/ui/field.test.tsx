import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field.tsx';
import { Input } from './input.tsx';

describe('Field', () => {
  it('labels the control and describes it with the hint', () => {
    render(
      <Field label="Nickname" hint="Letters only, 3 to 30.">
        {(control) => <Input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Nickname');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Letters only, 3 to 30.');
  });

  it('shows the error under the field, marks the control invalid and describes it with the error', () => {
    render(
      <Field label="Email" hint="We never share it." error="This email already exists.">
        {(control) => <Input type="email" {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['We never share it.', 'This email already exists.']);
    expect(screen.getByRole('alert').textContent).toBe('This email already exists.');
  });
});
