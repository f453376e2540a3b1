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
});
