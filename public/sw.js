// Camelot's service worker: after the first visit the game loads and plays with no network.
//
// The build's post_build hook (scripts/trunk-post-build.mjs) moves this file to the top of dist/
// (so that its scope is the app's folder, wherever that is hosted) and fills in BUILD and
// PRECACHE. Saved games live in localStorage, which this worker never touches.
//
// - Install: the whole app shell of this build (index.html, the hashed wasm/js/css, the manifest,
//   icons, language packs: the shell's <code>.json and each game's own, board.<code>.json, and
//   each game's rules texts) goes into a cache named after the build. If any of it cannot be
//   fetched, the install fails and the previous build keeps serving.
//   Files the page loads later are among them: style/table.css, style/screens.css and
//   style/board.css, linked when the first screen other than Home, and the first board, shows.
// - Activate: open pages are taken over. The previous build's cache stays, for a page still open on
//   that build (another tab, say) that has yet to fetch a screen's part of the split wasm — that
//   file's name is not in this build, and the host may no longer have it; older caches (of this
//   scope only) are deleted.
// - Pages and other un-hashed files (manifest, icons, language packs): network first, so a new
//   release shows on the next load while online; the cached copy when offline or when the network
//   has not answered within NETWORK_WAIT_MS.
// - Hashed files (Trunk's name-<hash>.wasm/js/css): cache first, from this build's cache or the
//   previous one's; a file name never changes meaning.

const BUILD = "CAMELOT_BUILD_ID";
const PRECACHE = ["CAMELOT_PRECACHE"];

const SCOPE = self.registration.scope;
const CACHE_PREFIX = `camelot ${SCOPE} `;
const CACHE = CACHE_PREFIX + BUILD;
const INDEX = new URL("index.html", SCOPE).href;
// Trunk writes the hash (64 bits) in hex without leading zeros: usually 16 digits, sometimes fewer
// (seen: camelot-app-cdd2efe88121205.js, 15), so 12 to 16 (a hash under 12 digits: 1 in 65,536).
const HASHED = /-[0-9a-f]{12,16}(_bg)?\.[a-z0-9]+$/;
const NETWORK_WAIT_MS = 4000;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Hashed files may come from the HTTP cache (the page has just loaded them); anything else
      // is revalidated with the server so that it belongs to this build.
      await cache.addAll(
        PRECACHE.map(
          (url) => new Request(url, { cache: HASHED.test(url) ? "default" : "no-cache" }),
        ),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // Cache names come in the order they were made: the last of the others is the previous build.
      const older = (await caches.keys()).filter(
        (key) => key.startsWith(CACHE_PREFIX) && key !== CACHE,
      );
      older.pop();
      for (const key of older) {
        await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) {
    return; // not ours: the browser handles it as if there were no worker
  }
  const url = new URL(request.url);
  if (request.mode === "navigate" && isAppPage(url)) {
    event.respondWith(networkFirst(event, request, INDEX));
  } else if (HASHED.test(url.pathname)) {
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(networkFirst(event, request, url.origin + url.pathname));
  }
});

/** The app's own page: its folder or index.html (any query or fragment). */
function isAppPage(url) {
  const path = url.origin + url.pathname;
  return path === SCOPE || path === INDEX;
}

/** The cached copy (this build's, else the previous build's), else the network (and keep what it
 * gives). */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = (await cache.match(request)) || (await previousBuildMatch(request));
  if (cached) {
    return cached;
  }
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    await cache.put(request, response.clone());
  }
  return response;
}

/** `request` in the cache of another build of this scope (after activation, only the previous). */
async function previousBuildMatch(request) {
  for (const key of (await caches.keys()).reverse()) {
    if (key.startsWith(CACHE_PREFIX) && key !== CACHE) {
      const cached = await (await caches.open(key)).match(request);
      if (cached) {
        return cached;
      }
    }
  }
  return undefined;
}

/** The network (and keep what it gives under `key`), else — offline, or no answer in time —
 * the copy cached under `key`. Any page of the app falls back to the cached index.html. */
async function networkFirst(event, request, key) {
  const cache = await caches.open(CACHE);
  const network = fetch(request).then(async (response) => {
    if (response.ok && response.type === "basic" && !response.redirected) {
      await cache.put(key, response.clone());
    }
    return response;
  });
  event.waitUntil(network.catch(() => {}));
  const cached = await cache.match(key);
  if (!cached) {
    return network;
  }
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(cached), NETWORK_WAIT_MS);
  });
  try {
    return await Promise.race([network, late]);
  } catch {
    return cached; // offline
  } finally {
    clearTimeout(timer);
  }
}
