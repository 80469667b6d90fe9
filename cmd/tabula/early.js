// Tabula's early start (cmd/tabula puts it first in the page's head, before
// the stylesheets and scripts): app.wasm is read and compiled while the rest
// of the page loads. A returning visitor's copy comes straight from the
// service worker's cache of this version (no request, no round trip through
// the worker); else from the network, counted for the loader's progress bar.
// The module is compiled from the Response itself (compileStreaming), the
// form under which a browser may keep its compiled code. The loader
// (loader.js) instantiates and runs it once wasm_exec.js is in.
//
// The URL names the build (web/app.wasm?v=<version>, the same key in the
// worker's cache): a page of a new build never gets an older module, not
// from the HTTP cache and not from an older worker still in control. A
// cached copy that does not compile (a broken cache) is dropped and fetched
// again, and the fresh copy put back for offline use.
window.tabulaWasm = (() => {
  const url = "{{.Wasm}}";
  const cacheName = "app-{{.Version}}"; // go-app's service worker cache
  const w = { url, cache: cacheName, loaded: 0, response: null, cached: false, refetched: false, onprogress: null };
  const progress = () => w.onprogress && w.onprogress();
  const cached = async () => {
    try {
      // One call: it finds nothing when this version's cache is not there.
      return window.caches ? await caches.match(url, { cacheName }) : undefined;
    } catch (err) {
      return undefined; // no storage (a private window may refuse it): the network
    }
  };
  const count = async (response) => {
    try {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          break;
        }
        w.loaded += value.byteLength;
        progress();
      }
    } catch (err) {
      // The compilation reports a broken download.
    }
  };
  const compile = async (response) => {
    w.response = response;
    performance.mark("tabula:wasm-response");
    progress();
    const type = response.headers.get("Content-Type") || "";
    if (WebAssembly.compileStreaming && type.startsWith("application/wasm")) {
      return await WebAssembly.compileStreaming(response);
    }
    // A host that sends another type: compile from the bytes.
    return await WebAssembly.compile(await response.arrayBuffer());
  };
  w.module = (async () => {
    const copy = await cached();
    if (copy) {
      try {
        w.cached = true;
        return await compile(copy);
      } catch (err) {
        console.warn("app.wasm from the cache does not compile, fetching it again:", err);
        w.cached = false;
        w.refetched = true;
        // Dropped first: the service worker answers from the same cache.
        await caches.open(cacheName).then((c) => c.delete(url)).catch(() => {});
      }
    }
    const response = await fetch(url, w.refetched ? { cache: "reload" } : {});
    if (!response.ok) {
      throw new Error("app.wasm: HTTP " + response.status);
    }
    if (w.refetched) {
      // The fresh copy replaces the broken one (the page may be offline next time).
      const keep = response.clone();
      caches.open(cacheName).then((c) => c.put(url, keep)).catch(() => {});
    }
    count(response.clone());
    return await compile(response);
  })();
  w.module.catch(() => {}); // the loader reports it
  return w;
})();
