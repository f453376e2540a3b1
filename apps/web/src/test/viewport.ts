/** happy-dom's window is 1,024 px wide; a test of a phone's layout sets it (not a browser API, nor in the DOM's types). */
export function setViewport(width: number, height: number): void {
  const { happyDOM } = window as unknown as {
    happyDOM: { setViewport(size: { width: number; height: number }): void };
  };
  happyDOM.setViewport({ width, height });
}
