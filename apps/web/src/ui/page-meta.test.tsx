import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appConfig } from '../config.ts';
import { PageMeta } from './page-meta.tsx';

const meta = (selector: string) => document.head.querySelector(`meta[${selector}]`)?.getAttribute('content');

describe('PageMeta', () => {
  it('gives a shared link the page title, description and the entity’s own picture, as absolute addresses', () => {
    render(<PageMeta title="Neon Arcade" description="Retro worlds." image="/uploads/neon-banner.webp" />);
    expect(meta('property="og:title"')).toBe('Neon Arcade | Cypher');
    expect(meta('property="og:description"')).toBe('Retro worlds.');
    expect(meta('property="og:image"')).toBe(`${appConfig.publicUrl}/uploads/neon-banner.webp`);
    expect(meta('name="twitter:image"')).toBe(`${appConfig.publicUrl}/uploads/neon-banner.webp`);
  });

  it('falls back to the site card, and puts back what was there when the page goes', () => {
    const existing = document.createElement('meta');
    existing.setAttribute('property', 'og:title');
    existing.setAttribute('content', 'From index.html');
    document.head.append(existing);

    const view = render(<PageMeta title="Guide" />);
    expect(meta('property="og:title"')).toBe('Guide | Cypher');
    expect(meta('property="og:image"')).toBe(`${appConfig.publicUrl}/social-card.png`);

    view.unmount();
    expect(meta('property="og:title"')).toBe('From index.html');
    expect(meta('property="og:image"')).toBeUndefined();
    existing.remove();
  });

  it('tells search engines not to list a page that names nothing, and takes that back when it goes', () => {
    const notFound = render(<PageMeta title="Drop not found" isNotFound />);
    expect(meta('name="robots"')).toBe('noindex');
    notFound.unmount();
    expect(meta('name="robots"')).toBeUndefined();

    // The server's HTML of a not-found page comes with one: it goes too, or the next page would not be listed.
    const fromServer = document.createElement('meta');
    fromServer.setAttribute('name', 'robots');
    fromServer.setAttribute('content', 'noindex');
    document.head.append(fromServer);
    const hydrated = render(<PageMeta title="Page not found" isNotFound />);
    expect(document.head.querySelectorAll('meta[name="robots"]')).toHaveLength(1);
    hydrated.unmount();
    expect(meta('name="robots"')).toBeUndefined();

    render(<PageMeta title="Guide" />);
    expect(meta('name="robots"')).toBeUndefined();
  });
});
