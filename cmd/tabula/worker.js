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
