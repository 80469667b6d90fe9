package agricolaui

// styleSheet is this renderer's CSS, shipped with the board so the package
// is self-contained (the shell's stylesheet knows no game). It builds on
// the shell's variables and classes (.btn, .panel, .player …). Card-like
// surfaces are parchment with dark ink (contrast above 4.5:1).
const styleSheet = `<style id="ag-style">
.board-area:has(> .ag-board) { align-items: stretch; }
.ag-board { width: 100%; height: 100%; min-height: 0; display: grid; gap: .5rem;
  grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr); }
.ag-left { min-height: 0; overflow-y: auto; padding-right: .2rem; }
.ag-right { min-height: 0; min-width: 0; display: flex; flex-direction: column; gap: .25rem; }
.ag-farm-box { flex: 1; min-height: 0; display: flex; }
.ag-farm { width: 100%; height: 100%; display: block; }
.ag-farm text { font-family: "Tabula Sans", sans-serif; pointer-events: none; }
.ag-status { display: flex; align-items: center; gap: .4rem; flex-wrap: wrap; margin: 0 0 .3rem; font-size: .9rem;
  position: sticky; top: 0; z-index: 2; background: var(--bg); padding: .2rem 0; }
.ag-status > span:first-of-type { flex: 1 1 12rem; }
.ag-start { display: inline-flex; align-items: center; gap: .2rem; margin-left: auto; color: var(--muted); }
.ag-ico { flex: none; vertical-align: middle; }
.ag-acts, .ag-track { display: grid; grid-template-columns: repeat(auto-fill, minmax(118px, 1fr)); gap: 5px; }
.ag-sp, .ag-rd { position: relative; border-radius: 8px; padding: 4px 6px 5px; min-height: 84px; display: flex; flex-direction: column; gap: 2px;
  font-size: .76rem; line-height: 1.2; }
.ag-sp { background: #eadfbe; color: #2b2014; border: 2px solid #b9a472; }
.ag-sp.taken { background: repeating-linear-gradient(135deg, #d9cca6 0 6px, #cfc199 6px 12px); }
.ag-sp-n { font-weight: 700; font-size: .82rem; padding-right: 1.6rem; }
.ag-sp-d { color: #4a3b26; }
.ag-sp-g { display: flex; flex-wrap: wrap; gap: 4px; font-weight: 700; font-size: .95rem; margin-top: auto; }
.ag-sp-p { display: flex; gap: 3px; flex-wrap: wrap; }
.ag-meeple { display: inline-flex; align-items: center; background: #fff8; border-radius: 10px; padding: 0 3px; }
.ag-sp-r { position: absolute; top: 3px; right: 4px; font-size: .7rem; font-weight: 700; background: #2b2014; color: #fff; border-radius: 6px; padding: 0 4px; }
.ag-sp-h { position: absolute; top: 20px; right: 4px; }
.ag-g { display: inline-flex; align-items: center; gap: 1px; }
.ag-gs { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 4px; }
.ag-sp.spot { cursor: pointer; border-color: #ff7a1a; box-shadow: 0 0 0 2px #ff7a1a66; animation: agpulse .9s ease-in-out infinite alternate; }
.ag-sp.spot:hover, .ag-sp.spot:focus-visible { outline: 3px solid var(--focus); outline-offset: 1px; animation: none; background: #fff4d6; }
.ag-sp.stage-1, .ag-rd.stage-1 { border-left: 6px solid #8c6d1f; }
.ag-sp.stage-2, .ag-rd.stage-2 { border-left: 6px double #8c6d1f; }
.ag-sp.stage-3, .ag-rd.stage-3 { border-left: 6px dotted #8c6d1f; }
.ag-sp.stage-4, .ag-rd.stage-4 { border-left: 6px dashed #8c6d1f; }
.ag-sp.stage-5, .ag-rd.stage-5 { border-left: 6px groove #8c6d1f; }
.ag-sp.stage-6, .ag-rd.stage-6 { border-left: 6px ridge #8c6d1f; }
.ag-rd { background: #2a3b48; color: var(--ink); border: 2px dashed #5b7385; }
.ag-rd.next { border-style: solid; }
.ag-rd-n { font-weight: 700; }
.ag-rd-s { color: var(--muted); }
.ag-hv { display: inline-flex; align-items: center; gap: 2px; color: #ffd54a; }
.ag-deliv { display: inline-flex; align-items: center; gap: 2px; background: #0004; border-radius: 8px; padding: 0 3px; }
@keyframes agpulse { from { box-shadow: 0 0 0 2px #ff7a1a44; } to { box-shadow: 0 0 0 4px #ff7a1aaa; } }

.ag-tabs { display: flex; gap: .25rem; flex-wrap: wrap; }
.ag-tab { display: inline-flex; align-items: center; gap: .3rem; min-height: 36px; padding: .15rem .6rem; border-radius: 999px;
  border: 1px solid var(--line); background: var(--panel2); color: var(--ink); font: inherit; font-size: .85rem; cursor: pointer; }
.ag-tab.on { background: #3b3120; border-color: var(--accent); }
.ag-tab-vp { color: var(--muted); font-size: .78rem; }
.ag-farm-info { display: flex; flex-wrap: wrap; gap: .3rem .8rem; align-items: center; }
.ag-farm-info span { display: inline-flex; align-items: center; gap: .2rem; }
.ag-num { font-size: 26px; font-weight: 800; fill: #fff; stroke: #000; stroke-width: 3px; paint-order: stroke; }
.ag-cellno { font-size: 11px; fill: #0008; text-anchor: end; }
.ag-more { font-size: 17px; font-weight: 800; fill: #fff; stroke: #000; stroke-width: 3px; paint-order: stroke; }
.ag-farm .spot { cursor: pointer; }
.ag-farm .spot:focus { outline: none; }
.ag-farm .spot .glow { stroke: #ff7a1a; stroke-width: 6; animation: agglow .9s ease-in-out infinite alternate; }
.ag-farm .spot:hover .glow, .ag-farm .spot:focus-visible .glow, .ag-farm .spot.picked .glow { stroke: var(--focus); stroke-width: 8; animation: none; }
@keyframes agglow { from { opacity: .5; } to { opacity: 1; } }
.ag-farm .edge-spot { fill: transparent; cursor: pointer; }
.ag-farm .edge-spot:hover { fill: #ffd54a40; }
.ag-farm .edge-spot:focus { outline: none; }
.ag-farm .edge-spot:focus-visible { fill: #ffd54a59; stroke: #ffd54a; stroke-width: 3; }
.ag-farm .edge-spot[aria-pressed="true"] { fill: #e69f0026; }
.ag-fence-new { stroke: #ffb000; }
.ag-fence-new.bad { stroke: #ff4d40; stroke-dasharray: 7 5; }
.ag-preview { fill: #ffd54a40; stroke: #ffd54a; stroke-width: 3; stroke-dasharray: 8 5; pointer-events: none; }
.ag-cell[data-fresh] { animation: agplace 280ms ease-out; transform-box: fill-box; transform-origin: center; }
.ag-cell[data-fresh][data-botmove] { animation: agplace 280ms ease-out, botmove 2s ease-out both; }
@keyframes agplace { from { opacity: 0; transform: scale(1.15); } to { opacity: 1; transform: none; } }
.ag-cap, .ag-animal, .ag-person { pointer-events: none; }

.ag-side { display: flex; flex-direction: column; gap: .3rem; }
.ag-players .pstats { display: flex; flex-wrap: wrap; gap: .2rem .6rem; align-items: center; }
.ag-players .pstats > span { display: inline-flex; align-items: center; gap: .2rem; }
.ag-row { display: inline-flex; flex-wrap: wrap; gap: 4px; }
.ag-food.short { color: #ffb4a8; }
.ag-food.short::after { content: "!"; font-weight: 800; }
.ag-beg { color: #ffb4a8; }
.ag-mini { display: block; width: 100%; max-width: 220px; padding: 0; margin-top: .2rem; border: 1px solid var(--line); border-radius: 8px; background: none; cursor: pointer; }
.ag-mini .ag-farm { height: auto; }
.ag-sheet summary { cursor: pointer; font-size: .82rem; color: var(--muted); min-height: 28px; }
.ag-score { font-size: .8rem; border-collapse: collapse; width: 100%; }
.ag-score th { text-align: left; font-weight: 400; color: var(--muted); }
.ag-score td { text-align: right; }
.ag-score tr.total th, .ag-score tr.total td { font-weight: 700; color: var(--ink); border-top: 1px solid var(--line); }
.ag-majors, .ag-hand { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(128px, 1fr)); gap: 5px; }
.ag-card { position: relative; background: #efe3c2; color: #2b2014; border: 2px solid #b9a472; border-radius: 8px; padding: 4px 6px; font-size: .8rem;
  display: flex; flex-direction: column; gap: 2px; }
.ag-card:focus { outline: none; }
.ag-card:focus-visible { outline: 3px solid var(--focus); }
.ag-card.can { border-color: #ff7a1a; box-shadow: 0 0 0 3px #ff7a1a77; }
.ag-card.owned { background: #d8ccaa; }
.ag-card .btn { min-height: 36px; padding: .2rem .5rem; }
.ag-card .muted { color: #5a4a33; }
.ag-card-top { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: .1rem .3rem; }
.ag-card-top strong { min-width: 0; overflow-wrap: anywhere; }
.ag-card-cost { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
.ag-vp { font-weight: 700; white-space: nowrap; }
.ag-owner { display: inline-flex; align-items: center; gap: .2rem; }
.ag-why { color: #5a2a1a; }
.ag-card-top .ag-vp { margin-left: auto; }
.ag-card .btn.ag-info { flex: none; min-width: 32px; min-height: 32px; padding: 0; border-radius: 50%; font-style: italic; font-family: "Tabula Serif", serif; font-weight: 700; }
.ag-card .btn.ag-info[aria-expanded=true] { background: #2b2014; color: #fff; }
.ag-effect { margin: .1rem 0; line-height: 1.3; color: #2b2014; }

.ag-dock { display: flex; flex-direction: column; gap: .35rem; }
.ag-quick .choices { max-height: 30vh; overflow-y: auto; }
.ag-dock .panel { background: var(--panel2); border-radius: 10px; padding: .4rem .6rem; }
.ag-dock .actions, .ag-dock .choices { display: flex; flex-wrap: wrap; gap: .35rem; align-items: center; }
.ag-dock .actions .spacer { flex: 1; }
.btn.danger { background: #7a2a22; border-color: #b3443b; }
.ag-check { margin: .2rem 0; font-weight: 600; }
.ag-check[data-ok="true"] { color: #b6f0b0; }
.ag-check[data-ok="true"]::before { content: "✓ "; }
.ag-check[data-ok="false"] { color: #ffc2b8; }
.ag-check[data-ok="false"]::before { content: "✗ "; }
.ag-arr { border-collapse: collapse; font-size: .85rem; }
.ag-arr th, .ag-arr td { padding: .15rem .35rem; border-bottom: 1px solid var(--line); text-align: center; }
.ag-arr th[scope=row] { text-align: left; font-weight: 400; }
.ag-arr tr.bad { background: #4a1f1f; }
.ag-arr tr.bad th::before { content: "⚠ "; }
.ag-arr .ag-step { white-space: nowrap; }
.ag-arr .btn { min-width: 40px; min-height: 40px; padding: 0; }
.ag-n { display: inline-block; min-width: 1.6em; font-weight: 700; }
.ag-th { display: none; }
.ag-quick summary, .ag-convert summary { cursor: pointer; min-height: 32px; color: var(--muted); }
.ag-cards h3 { margin: .2rem 0; }
@media (max-width: 719px) {
  /* The farm and the spaces are laid out for the phone: no zoom box, whose
     buttons covered spaces and whose scroll nested in the page's. */
  .board-area:has(.ag-board) { height: auto; }
  .zoomwrap:has(.ag-board) .zoom-ctl { display: none; }
  .zoombox:has(.ag-board) { overflow: visible; height: auto; touch-action: auto; }
  .zoombox:has(.ag-board) .zoom-inner { width: 100%; height: auto; }
  .ag-board { grid-template-columns: minmax(0, 1fr); height: auto; }
  .ag-left { overflow: visible; }
  .ag-farm { height: auto; }
  .ag-acts, .ag-track { grid-template-columns: repeat(auto-fill, minmax(104px, 1fr)); }
  .ag-tab { min-height: 44px; }
  .ag-board.farm-first .ag-right { order: -1; }
  .layout:has(.ag-board) > .side { flex: none; overflow: visible; }
  .ag-arr .btn { min-width: 44px; min-height: 44px; }
  .ag-card .btn, .ag-card .btn.ag-info { min-height: 44px; }
  .ag-card .btn.ag-info { min-width: 44px; }
}
</style>`
