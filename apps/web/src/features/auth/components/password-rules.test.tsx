import { render, screen } from '@testing-library/react';
import { isStrongPassword, passwordRequirements } from '@cypher/contract';
import { describe, expect, it } from 'vitest';
import { PasswordRules } from './password-rules.tsx';

function checklist(value: string) {
  render(<PasswordRules value={value} />);
  return screen.getAllByRole('listitem').map((item) => item.textContent);
}

describe('PasswordRules', () => {
  it('lists the parts of the contract password rule, none done on an empty field', () => {
    expect(checklist('')).toEqual(passwordRequirements.map((rule) => `${rule.label} (to do)`));
  });

  it('ticks off each part as it is met, and all of them once the API would take the password', () => {
    expect(checklist('abcdefghij')).toEqual([
      'At least 10 characters (done)',
      'Upper and lowercase letters (to do)',
      'A number (to do)',
      'A special character (to do)',
    ]);
  });

  it('ticks every part exactly when the password passes the rule', () => {
    expect(isStrongPassword('Collector#2026')).toBe(true);
    expect(checklist('Collector#2026').every((item) => item?.endsWith('(done)'))).toBe(true);
  });
});
