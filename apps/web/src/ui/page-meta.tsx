import { createContext, useContext, useEffect } from 'react';
import { appConfig } from '../config.ts';
import { pageHead, type TPageHead, type TPageMeta } from '@cypher/contract';

/**
 * Given by the server's render (entry-server.tsx): the page's meta goes there, and the server writes it into the
 * HTML's head (the contract's page-head.ts) instead of the body, where React would put it.
 */
export const PageMetaCollector = createContext<((meta: TPageMeta) => void) | null>(null);

/**
 * Sets the page's Open Graph and Twitter tags and its canonical link in <head> (the server's HTML, or index.html for a
 * page the browser renders, already has one of each, for crawlers that do not run scripts), and `robots: noindex` on a
 * page that names nothing, and puts back what was there when the page goes. Updated in place rather than rendered: a second og:title would leave which one counts up to each
 * crawler.
 */
function useHeadTags(head: TPageHead) {
  const key = JSON.stringify([head.canonical, head.tags, head.isNoIndex]);
  useEffect(() => {
    const [canonical, tags, isNoIndex] = JSON.parse(key) as [string, TPageHead['tags'], boolean];
    const undo: Array<() => void> = [];
    // Only a page that names nothing has one (the server's HTML of such a page too): it goes when the page goes.
    if (isNoIndex) {
      let robots = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
      if (!robots) {
        robots = document.createElement('meta');
        robots.name = 'robots';
        document.head.append(robots);
      }
      robots.content = 'noindex';
      const owned = robots;
      undo.push(() => owned.remove());
    }
    for (const { attribute, key: name, content } of tags) {
      let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${name}"]`);
      const previous = element?.getAttribute('content') ?? null;
      if (!element) {
        element = document.createElement('meta');
        element.setAttribute(attribute, name);
        document.head.append(element);
      }
      element.setAttribute('content', content);
      const owned = element;
      undo.push(() => (previous === null ? owned.remove() : owned.setAttribute('content', previous)));
    }
    // The page's own address, so search engines do not take every page for the home page.
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (link) {
      const previous = link.href;
      link.href = canonical;
      undo.push(() => {
        link.href = previous;
      });
    }
    return () => {
      for (const step of undo.reverse()) step();
    };
  }, [key]);
}

/**
 * The page's title, description, canonical address and social card (the contract's page-head.ts). In the browser
 * React 19 hoists the <title> and description into <head> and puts this <title> ahead of any other, so it is the one
 * that counts (the shell the API sends a page that shows one thing already says the same: the contract's
 * subject-page-meta.ts); the social tags are updated in place. On the server the page's meta is handed to the render,
 * which writes the head.
 */
export function PageMeta(props: TPageMeta) {
  const collect = useContext(PageMetaCollector);
  const path = typeof window === 'undefined' ? '/' : window.location.pathname;
  const head = pageHead(props, { brandName: appConfig.brandName, publicUrl: appConfig.publicUrl, path });
  useHeadTags(head);
  if (collect) {
    collect(props);
    return null;
  }
  return (
    <>
      <title>{head.title}</title>
      {props.description ? <meta name="description" content={props.description} /> : null}
    </>
  );
}
