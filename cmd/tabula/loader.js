// -----------------------------------------------------------------------------
// Tabula's loader (cmd/tabula appends it to go-app's app.js)
// -----------------------------------------------------------------------------
// The two functions below replace go-app's functions of the same names: in a
// script the last declaration of a function wins, so go-app's calls at the
// top of app.js run these.

// goappInitWebAssembly runs app.wasm, compiled by the page's early start
// (early.js), with a progress bar of the bytes loaded while it comes from the
// network. The bar counts the bytes as the browser hands them over
// (decompressed) against app.wasm's size known when the site was built, so
// it is right whatever the transfer encoding; the megabytes shown are those
// on the wire when the response says so.
async function goappInitWebAssembly() {
  const loader = document.getElementById("app-wasm-loader");
  if (!goappCanLoadWebAssembly()) {
    loader.remove();
    tabulaStarted();
    return;
  }
  const icon = document.getElementById("app-wasm-loader-icon");
  const label = document.getElementById("app-wasm-loader-label");
  // The words langpick.js chose in the page's head.
  const words = window.tabulaLoader || { lang: "en", loading: "Loading Tabula… %d%%", mb: "(%s of %s MB)" };
  label.innerText = words.loading.replace("%d", "0").replace("%%", "%");
  const bar = document.createElement("div");
  bar.className = "load-bar";
  bar.setAttribute("role", "progressbar");
  bar.setAttribute("aria-label", "app.wasm");
  bar.setAttribute("aria-valuemin", "0");
  bar.setAttribute("aria-valuemax", "100");
  bar.setAttribute("aria-valuenow", "0");
  bar.appendChild(document.createElement("div"));
  loader.insertBefore(bar, label.nextSibling);
  loader.classList.add("loading");

  try {
    const early = window.tabulaWasm;
    let show = null;
    early.onprogress = () => {
      if (!early.response || early.cached) {
        return;
      }
      show = show || tabulaProgress(early.response, bar, label, words);
      show(early.loaded);
    };
    early.onprogress();
    const module = await early.module;
    if (show) {
      show(Infinity); // compiled: every byte is in
    }
    performance.mark("tabula:compiled");
    const go = new Go();
    const instance = await WebAssembly.instantiate(module, go.importObject);
    performance.mark("tabula:instantiated");
    go.run(instance);
    loader.remove();
    tabulaStarted();
  } catch (err) {
    tabulaStarted();
    icon.className = "goapp-logo";
    loader.classList.add("failed");
    label.innerText = err;
    console.error("loading wasm failed: ", err);
  }
}

// tabulaProgress returns the function that shows n bytes loaded.
function tabulaProgress(response, bar, label, words) {
  const length = parseInt(response.headers.get("Content-Length"), 10) || 0;
  const total = parseInt(goappWasmContentLength, 10) || length;
  // Content-Length is the size on the wire (compressed or not); a host
  // may leave it out of a compressed transfer, then only the share shows.
  const wire = length || (response.headers.get("Content-Encoding") ? 0 : total);
  return (loaded) => {
    const f = total > 0 ? Math.min(loaded / total, 1) : 0;
    const pct = Math.round(f * 100);
    bar.firstChild.style.width = pct + "%";
    bar.setAttribute("aria-valuenow", String(pct));
    let text = words.loading.replace("%d", pct).replace("%%", "%");
    if (wire > 0) {
      text += " " + words.mb.replace("%s", (f * wire / 1e6).toFixed(1)).replace("%s", (wire / 1e6).toFixed(1));
    }
    label.innerText = text;
  };
}

// tabulaStarted tells goappInitServiceWorker that the app runs (or failed).
function tabulaStarted() {
  window.tabulaRunning = true;
  window.dispatchEvent(new Event("tabula-started"));
}

// goappInitServiceWorker registers the service worker once the app runs
// and the page is idle: installing the worker fetches every file of the
// site for its cache (app.wasm from the browser's HTTP cache by then) and
// writes them to disk, work that would otherwise compete with the start.
async function goappInitServiceWorker() {
  if (!("serviceWorker" in navigator)) {
    return;
  }
  if (!window.tabulaRunning) {
    await new Promise((go) => window.addEventListener("tabula-started", go, { once: true }));
  }
  await new Promise((go) => window.requestIdleCallback ? requestIdleCallback(go, { timeout: 2000 }) : setTimeout(go, 200));
  try {
    const registration = await navigator.serviceWorker.register("{{.WorkerJS}}");
    goappServiceWorkerRegistration = registration;
    goappSetupNotifyUpdate(registration);
    goappSetupPushNotification();
  } catch (err) {
    console.error("goapp service worker registration failed: ", err);
  }
}
