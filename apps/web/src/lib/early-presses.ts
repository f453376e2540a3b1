/**
 * A page rendered on the server shows its buttons before the app that makes them work has loaded and hydrated them
 * (docs/decisions/0038-pages-rendered-on-the-server.md). A press on one of them in that moment is held and made again
 * once the page is hydrated, instead of doing nothing; links need no help, they work as plain links meanwhile.
 * Answers the function that ends the wait and makes the held presses, in order.
 */
export function holdEarlyPresses(root: HTMLElement): () => void {
  const held: HTMLElement[] = [];
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(button);
  };
  document.addEventListener('click', onClick, true);
  let isReleased = false;
  return () => {
    if (isReleased) return;
    isReleased = true;
    document.removeEventListener('click', onClick, true);
    for (const button of held.splice(0)) if (button.isConnected) button.click();
  };
}
