// Tabula's early start (cmd/tabula puts it first in the page's head, before
// the stylesheets and scripts): app.wasm is read and compiled while the rest
// of the page loads. A returning visitor's copy comes straight from the
// service worker's cache of this version (no request, no round trip through
// the worker); else from the network, counted for the loader's progress bar.
// The module is compiled from the Response itself (compileStreaming), the
// form under which a browser may keep its compiled code. The loader
// (loader.js) instantiates and runs it once wasm_exec.js is in.
window.tabulaWasm = (() => {
  const url = "{{.Wasm}}";
  const cacheName = "app-{{.Version}}"; // go-app's service worker cache
  const w = { loaded: 0, response: null, cached: false, onprogress: null };
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
  w.module = (async () => {
    let response = await cached();
    w.cached = !!response;
    if (!response) {
      response = await fetch(url);
      if (!response.ok) {
        throw new Error("app.wasm: HTTP " + response.status);
      }
      count(response.clone());
    }
    w.response = response;
    performance.mark("tabula:wasm-response");
    progress();
    const type = response.headers.get("Content-Type") || "";
    if (WebAssembly.compileStreaming && type.startsWith("application/wasm")) {
      return await WebAssembly.compileStreaming(response);
    }
    // A host that sends another type: compile from the bytes.
    return await WebAssembly.compile(await response.arrayBuffer());
  })();
  w.module.catch(() => {}); // the loader reports it
  return w;
})();
