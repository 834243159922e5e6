/**
 * Runs `run` once the page has loaded (at once if it has), so that background downloads (the service
 * worker's precache, the offline data) start after the first paint's files, not beside them.
 * @returns a function that cancels a run still waiting.
 */
export function afterPageLoad(run: () => void): () => void {
  if (document.readyState === 'complete') {
    run();
    return () => undefined;
  }
  window.addEventListener('load', run, { once: true });
  return () => window.removeEventListener('load', run);
}
