// Registers the service worker (sw.js, next to index.html) that makes Camelot work offline.
// Relative URL and scope: the app works from any sub-path, e.g. https://example.org/games/camelot/.
// Registered once the page has loaded, so that it never competes with the first start.
// Browsers without service workers (or pages not served over https/localhost) just skip it.
if ("serviceWorker" in navigator) {
  const register = () =>
    navigator.serviceWorker.register("./sw.js", { scope: "./" }).catch((error) => {
      console.warn("Camelot: offline play unavailable:", error);
    });
  if (document.readyState === "complete") {
    register();
  } else {
    addEventListener("load", register, { once: true });
  }
}
