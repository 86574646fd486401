// The page's first script (see index.html), with two jobs.
//
// 1. The Content Security Policy, written in index.html as <meta name="camelot-content-security-
//    policy">, is put in force here, before any of the app's code runs (module scripts run in the
//    page's order, this one first): as an http-equiv tag in the page itself it would hold back
//    the browser's early requests for every file the page names.
{
  const policy = document.querySelector('meta[name="camelot-content-security-policy"]');
  if (policy) {
    const meta = document.createElement("meta");
    meta.httpEquiv = "Content-Security-Policy";
    meta.content = policy.content;
    document.head.prepend(meta);
  }
}

// 2. Crash screen for the release build. Its WebAssembly is built with panic=immediate-abort (see
// scripts/setup: no panic messages or formatting code in the download), so a Rust panic there is
// a trap, a WebAssembly.RuntimeError thrown into whatever JavaScript called the wasm: an event
// handler, a timer, the start-up. This catches those and shows the same error box as the panic
// hook of debug builds (src/panic.rs), instead of a page that silently stops answering.
// Texts: the interface's language, which the app writes on <html> (data-crash-*) when it sets
// its language; English until then. Plain DOM only, nothing calls back into the wasm.
const showCrash = (error) => {
  if (!(error instanceof WebAssembly.RuntimeError)) {
    return;
  }
  console.error(`Camelot crashed: ${error}`);
  if (document.getElementById("panic") || !document.body) {
    return;
  }
  const texts = document.documentElement.dataset;
  const box = document.createElement("div");
  box.id = "panic";
  box.className = "panic-box";
  box.setAttribute("role", "alert");
  const add = (tag, text) => {
    const element = document.createElement(tag);
    element.textContent = text;
    box.append(element);
    return element;
  };
  add("h2", texts.crashTitle || "Something went wrong");
  add("p", texts.crashHint || "The app hit an unexpected error. Reloading usually helps.");
  add("pre", String(error));
  const reload = add("button", texts.crashReload || "Reload");
  reload.type = "button";
  reload.addEventListener("click", () => location.reload());
  document.body.append(box);
};
addEventListener("error", (event) => showCrash(event.error));
addEventListener("unhandledrejection", (event) => showCrash(event.reason));
