import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import type { ButtonVariant } from './button-class-name.ts';
import buttonCss from './button.module.css?raw';

describe('Button', () => {
  it('is a plain button that does not submit forms unless asked', () => {
    render(<Button>Add funds</Button>);
    expect(screen.getByRole('button', { name: 'Add funds' }).getAttribute('type')).toBe('button');
  });

  it('refuses clicks and reports itself busy while loading', async () => {
    const onClick = vi.fn();
    render(
      <Button isLoading onClick={onClick}>
        Pay now
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Pay now' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    await userEvent.setup().click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  // Review of session 33: a loading button was disabled, and a disabled button drops the focus to the page's body.
  it('keeps the focus while loading, and refuses the submit that Enter in a field asks for', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <input aria-label="Amount" />
        <Button type="submit">Withdraw</Button>
      </form>,
    );
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Withdraw' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <input aria-label="Amount" />
        <Button type="submit" isLoading>
          Withdraw
        </Button>
      </form>,
    );
    expect(button).toHaveFocus();
    expect(button).toBeEnabled();
    await user.keyboard('{Enter}');
    await user.click(button);
    await user.type(screen.getByLabelText('Amount'), '5{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('acts once for a double-click, and for each separate click or key press', async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button onClick={onClick}>Send airdrop</Button>
        <Button type="submit">Publish</Button>
      </form>,
    );
    const user = userEvent.setup();
    await user.dblClick(screen.getByRole('button', { name: 'Send airdrop' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    await user.dblClick(screen.getByRole('button', { name: 'Publish' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Send airdrop' }));
    screen.getByRole('button', { name: 'Send airdrop' }).focus();
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(3);
  });
});

// happy-dom lays nothing out and applies no CSS modules, so the look is read from the stylesheet itself; the drops
// journey checks the same in Chromium (a disabled "Pay now" neither lit nor lighting up under the pointer).
describe('Button when disabled', () => {
  const rules = [...buttonCss.matchAll(/([^{}]+)\{([^}]*)\}/g)].map(([, selector = '', body = '']) => ({
    selector: selector.replace(/\/\*[\s\S]*?\*\//g, '').trim(),
    body,
  }));
  const disabledRule = rules.findIndex(
    (rule) => rule.selector.split(',')[0]?.trim() === '.button:disabled:not(.loading)',
  );
  const variants: ButtonVariant[] = ['primary', 'secondary', 'ghost', 'danger'];

  it('drops every variant to the plain surface with a dimmed label and a not-allowed pointer', () => {
    expect(disabledRule).toBeGreaterThan(-1);
    const { selector, body } = rules[disabledRule]!;
    expect(selector).toContain(".button[aria-disabled='true']");
    expect(body).toMatch(/--button-bg:\s*var\(--color-surface\)/);
    expect(body).toMatch(/--button-fg:\s*var\(--color-text-subtle\)/);
    expect(body).toMatch(/cursor:\s*not-allowed/);
    // Later than each variant's colours, so it wins over them all at the same specificity.
    for (const variant of variants) {
      const variantRule = rules.findIndex((rule) => rule.selector === `.${variant}`);
      expect(variantRule, variant).toBeGreaterThan(-1);
      expect(variantRule, variant).toBeLessThan(disabledRule);
    }
  });

  it('does not light up under the pointer', () => {
    const hover = rules.filter((rule) => rule.selector.includes(':hover'));
    expect(hover.length).toBeGreaterThan(0);
    for (const rule of hover) expect(rule.selector).toMatch(/:not\([^)]*:disabled/);
  });

  it('is a disabled button to assistive technology, in every variant', () => {
    render(
      <>
        {variants.map((variant) => (
          <Button key={variant} variant={variant} disabled>
            {variant}
          </Button>
        ))}
      </>,
    );
    for (const variant of variants) expect(screen.getByRole('button', { name: variant })).toBeDisabled();
  });
});
