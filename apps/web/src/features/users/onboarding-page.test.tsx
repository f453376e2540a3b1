import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getStored, setStored } from '../../lib/storage.ts';
import { renderApp } from '../../test/render-app.tsx';
import { stubEmptyApi } from '../../test/stub-empty-api.ts';

// Done and Skip go home, whose sections ask the API for banners, brands and products.
stubEmptyApi();

describe('onboarding page', () => {
  it('walks through collect, evolve and collaborate, and Done sets the flag and goes home', async () => {
    const { router } = renderApp('/onboarding');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Collect the brands you love' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Evolve through fusion' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Join the community' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText(/15,000\+ members/)).toBeInTheDocument();
    expect(getStored('onboardingCompleted')).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Done' }));

    expect(getStored('onboardingCompleted')).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('Skip sets the flag and goes home too', async () => {
    const { router } = renderApp('/onboarding');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Skip' }));
    expect(getStored('onboardingCompleted')).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says so when the introduction was already seen, with a way home', async () => {
    setStored('onboardingCompleted', true);
    renderApp('/onboarding');
    expect(await screen.findByRole('heading', { level: 1, name: "You've seen the introduction" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
  });
});
