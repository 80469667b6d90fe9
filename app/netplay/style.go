package netplay

// styleSheet is this screen's CSS, shipped with it (the shell's
// stylesheet knows nothing of network play). It builds on the shell's
// variables and classes (.btn, .field, .seat-row, .table-screen …).
const styleSheet = `<style id="net-style">
.net-lobby, .net-connect { max-width: 980px; margin: 0 auto; padding: 1rem 1rem 3rem; }
.net-head { display: flex; align-items: center; gap: .8rem; flex-wrap: wrap; }
.net-head h1 { margin: 0; }
.net-card { background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); padding: .8rem 1rem; margin: .8rem 0; }
.net-card h2 { margin-top: .1rem; }
.net-row { display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; margin: .35rem 0; }
.net-row .grow { flex: 1; min-width: 12rem; }
.net-code { font-family: inherit; font-size: .82rem; width: 100%; word-break: break-all;
  background: #0f1a22; color: var(--ink); border: 1px solid var(--line); border-radius: 8px; padding: .45rem .55rem; resize: vertical; }
textarea.net-code { min-height: 4.2rem; }
.net-invites { align-items: start; display: grid; grid-template-columns: repeat(auto-fill, minmax(420px, 1fr)); gap: .8rem; }
.net-invite { margin: 0; display: flex; flex-direction: column; gap: .35rem; }
.net-seat-h { display: flex; align-items: center; gap: .35rem; font-size: 1.1rem; }
.net-code-row { display: flex; gap: .8rem; align-items: flex-start; flex-wrap: wrap; }
.net-code-col { flex: 1; min-width: 14rem; }
.net-qr { margin: 0; display: flex; flex-direction: column; align-items: center; gap: .2rem; }
.net-qr svg { display: block; border-radius: 6px; }
.net-status { margin: .2rem 0; color: var(--muted); }
.net-status.ok { color: #8fe3b0; font-weight: 600; }
.btn.small { min-height: 36px; padding: .25rem .7rem; font-size: .9rem; align-self: flex-start; }
.net-auto { display: inline-flex; align-items: center; gap: .35rem; min-height: 44px; padding: 0 .4rem; cursor: pointer; }
.net-auto input { width: 20px; height: 20px; }
.net-panel { background: var(--panel2); border: 1px solid var(--line); border-radius: 8px; padding: .4rem .5rem; }
/* The side panel is narrow: a seat's line wraps, and its button takes a
   line of its own rather than a column a word wide. */
.net-links, .net-links tbody { display: block; width: 100%; font-size: .88rem; }
.net-links tr { display: flex; flex-wrap: wrap; align-items: center; gap: .1rem .5rem; padding: .25rem .1rem; border-bottom: 1px solid var(--line); }
.net-links th, .net-links td { text-align: left; padding: 0; min-width: 0; }
.net-links td:empty { display: none; }
.net-links td:has(> .btn) { flex-basis: 100%; }
.net-links td > .btn { max-width: 100%; white-space: normal; }
.net-links th { font-weight: 600; white-space: nowrap; }
.net-st.ok { color: #8fe3b0; }
.net-st.warn { color: #ffd54a; }
.net-st.bad { color: var(--danger); font-weight: 600; }
.net-answer summary { cursor: pointer; min-height: 36px; display: flex; align-items: center; font-size: .9rem; }
.net-note { margin: .3rem .5rem; }
.net-dismiss { margin: 0 .5rem; }
.net-note-info { margin: .3rem .5rem; display: flex; align-items: center; gap: .6rem; flex-wrap: wrap; }
.net-answer summary::before { content: "▸"; margin-right: .4rem; }
.net-answer[open] summary::before { content: "▾"; }
.net-back { display: flex; flex-direction: column; gap: .4rem; }
.net-back .net-card, .net-strip .net-card { margin: 0; padding: .5rem .6rem; }
.net-back h2, .net-back h3, .net-strip h2, .net-strip h3 { font-size: .95rem; margin: 0 0 .2rem; }
.net-back p, .net-strip p { margin: .2rem 0; }
.net-codebox textarea.net-code { min-height: 2.6rem; font-size: .75rem; }
.net-codebox .net-qr { margin-top: .3rem; }
.net-gone.folded { padding: .2rem .5rem; }
.net-gone.folded .net-row { margin: 0; }
.net-strip { padding: .3rem .4rem; display: flex; flex-direction: column; gap: .3rem; max-height: 40vh; overflow-y: auto;
  background: var(--panel); border-bottom: 1px solid var(--line); }
.net-strip textarea.net-code { min-height: 2.2rem; }
@media (max-width: 560px) { .net-invites { grid-template-columns: 1fr; } }
/* A phone's header: its buttons on the first row (the Network button an
   icon like the others), letting a bot play one's seat on the next. */
@media (max-width: 719px) { .topbar .net-auto { order: 9; flex-basis: 100%; } }
</style>`
