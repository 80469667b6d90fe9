// -----------------------------------------------------------------------------
// Tabula (cmd/tabula appends this to go-app's service worker)
// -----------------------------------------------------------------------------
// fetchWithCache replaces go-app's function of the same name (the last
// declaration wins). The site has one page, cached as "./": an address of it
// the cache does not hold (index.html, a query string such as ?speed=fast)
// gets the network's answer, or the cached page when offline.
async function fetchWithCache(request) {
  const cached = await caches.match(request);
  if (cached) {
    return cached;
  }
  if (request.mode !== "navigate") {
    return await fetch(request);
  }
  try {
    return await fetch(request);
  } catch (err) {
    const page = await caches.match(new URL("./", self.location.href).href);
    if (page) {
      return page;
    }
    throw err;
  }
}

// installWorker replaces go-app's (the last declaration wins) so that every
// install listener shares one download, and the listener below holds the
// installation open until every file is in the cache. go-app's own listener
// does not wait: its worker took control at once while app.wasm was still
// downloading for the cache, so a reload then fetched app.wasm again, and a
// browser may stop a worker with no pending event, leaving its cache
// incomplete. Now a failed download fails the install, which the next visit
// retries, and the worker of the last complete version keeps serving.
let tabulaInstalling = null;
async function installWorker() {
  if (!tabulaInstalling) {
    tabulaInstalling = caches.open(cacheName).then((cache) => cache.addAll(resourcesToCache));
  }
  return tabulaInstalling;
}
self.addEventListener("install", (event) => event.waitUntil(installWorker()));
