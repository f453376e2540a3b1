import { PAGE_DESCRIPTION, pageTitle } from '@cypher/contract';
import { useEffect } from 'react';
import { appConfig } from '../config.ts';

interface PageMetaProps {
  /** The page's own name; the brand is appended. Leave out on the home page for the product title. */
  title?: string;
  description?: string;
  /** The picture a shared link shows: the entity's own image when it has one. A site path or an absolute URL. */
  image?: string | null;
}

const DEFAULT_SOCIAL_IMAGE = '/social-card.png';

/** Social crawlers need absolute addresses; uploads are site paths (`/uploads/...`). */
function absoluteUrl(pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${appConfig.publicUrl}${pathOrUrl}`;
}

/**
 * Sets a `<meta>` in <head> (index.html already carries one of each, for crawlers that do not run scripts) and puts
 * the previous content back when the page goes. Updated in place rather than rendered: a second og:title would leave
 * which one counts up to each crawler.
 */
function useHeadMeta(attribute: 'name' | 'property', key: string, content: string) {
  useEffect(() => {
    let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
    const previous = element?.getAttribute('content') ?? null;
    if (!element) {
      element = document.createElement('meta');
      element.setAttribute(attribute, key);
      document.head.append(element);
    }
    element.setAttribute('content', content);
    const owned = element;
    return () => {
      if (previous === null) owned.remove();
      else owned.setAttribute('content', previous);
    };
  }, [attribute, key, content]);
}

/** The page's own address as its canonical link, so search engines do not take every page for the home page. */
function useCanonicalLink(href: string) {
  useEffect(() => {
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) return;
    const previous = link.href;
    link.href = href;
    return () => {
      link.href = previous;
    };
  }, [href]);
}

/**
 * The page's title, description and social card. React 19 hoists the <title> and description into <head> and puts
 * this <title> ahead of index.html's, so it is the one that counts; the social tags are updated in place.
 */
export function PageMeta({ title, description, image }: PageMetaProps) {
  const fullTitle = pageTitle(appConfig.brandName, title);
  const socialDescription = description ?? PAGE_DESCRIPTION;
  const socialImage = absoluteUrl(image || DEFAULT_SOCIAL_IMAGE);
  const url = typeof window === 'undefined' ? appConfig.publicUrl : absoluteUrl(window.location.pathname);

  useHeadMeta('property', 'og:title', fullTitle);
  useHeadMeta('property', 'og:description', socialDescription);
  useHeadMeta('property', 'og:image', socialImage);
  useHeadMeta('property', 'og:url', url);
  useHeadMeta('name', 'twitter:title', fullTitle);
  useHeadMeta('name', 'twitter:description', socialDescription);
  useHeadMeta('name', 'twitter:image', socialImage);
  useCanonicalLink(url);

  return (
    <>
      <title>{fullTitle}</title>
      {description ? <meta name="description" content={description} /> : null}
    </>
  );
}
