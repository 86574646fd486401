// Registers the service worker (sw.js, next to index.html) that makes Camelot work offline.
// Relative URL and scope: the app works from any sub-path, e.g. https://example.org/games/camelot/.
// Registered once Home has been drawn, when the page is idle: the worker's install fetches and
// caches the whole app, and on a first visit that would compete with the start for the CPU
// (measured: Home interactive ~100 ms later at 4x CPU slowdown). Trunk's start event says the app
// has started; without it (a start that failed) the worker is registered a few seconds after load
// all the same. Browsers without service workers (or pages not served over https/localhost) just
// skip it.
if ("serviceWorker" in navigator) {
  const register = () =>
    navigator.serviceWorker.register("./sw.js", { scope: "./" }).catch((error) => {
      console.warn("Camelot: offline play unavailable:", error);
    });
  let asked = false;
  const afterFirstFrame = () => {
    if (asked) {
      return;
    }
    asked = true;
    requestAnimationFrame(() =>
      setTimeout(() => {
        if ("requestIdleCallback" in window) {
          requestIdleCallback(register, { timeout: 2000 });
        } else {
          register();
        }
      }, 0),
    );
  };
  addEventListener("TrunkApplicationStarted", afterFirstFrame, { once: true });
  const fallback = () => setTimeout(afterFirstFrame, 5000);
  if (document.readyState === "complete") {
    fallback();
  } else {
    addEventListener("load", fallback, { once: true });
  }
}
