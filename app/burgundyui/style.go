package burgundyui

// styleSheet is this renderer's CSS, shipped with the board so the
// package is self-contained (the shell's stylesheet knows no game). It
// builds on the shell's variables and classes (.btn, .panel, .player …).
const styleSheet = `<style id="bg-style">
.board-area:has(.bg-board) { align-items: stretch; }
.bg-board { width: 100%; height: 100%; min-height: 0; display: grid; gap: .4rem;
  grid-template-columns: minmax(0, 1.4fr) minmax(0, 1fr); }
.bg-main-wrap, .bg-estate-wrap { min-height: 0; min-width: 0; display: flex; flex-direction: column; }
.bg-estate-box { flex: 1; min-height: 0; display: flex; }
.bg-main, .bg-estate { width: 100%; height: 100%; display: block; }
.bg-main text, .bg-estate text { font-family: "Tabula Sans", sans-serif; pointer-events: none; }
.bg-tabs { display: flex; gap: .25rem; flex-wrap: wrap; padding-bottom: .25rem; }
.bg-tab { display: inline-flex; align-items: center; gap: .3rem; min-height: 36px; padding: .15rem .6rem; border-radius: 999px;
  border: 1px solid var(--line); background: var(--panel2); color: var(--ink); font: inherit; font-size: .85rem; cursor: pointer; }
.bg-tab.on { background: #3b3120; border-color: var(--accent); }
.bg-tab-vp { color: var(--muted); font-size: .78rem; }
.spot { cursor: pointer; }
.spot .glow { animation: bgpulse .9s ease-in-out infinite alternate; }
.spot:hover .glow, .spot:focus-visible .glow, .spot.picked .glow { stroke: var(--focus); animation: none; }
.spot:hover .glow-edge, .spot:focus-visible .glow-edge { stroke: #000; }
.spot .badge { pointer-events: none; }
.bg-main [data-dim] { opacity: .42; }
[data-select] { cursor: pointer; }
.tile[data-fresh] { animation: bgplace 280ms ease-out; transform-box: fill-box; transform-origin: center; }
.tile[data-fresh][data-botmove] { animation: bgplace 280ms ease-out, botmove 2s ease-out both; }
@keyframes bgpulse { from { opacity: .55; } to { opacity: 1; } }
@keyframes bgplace { from { opacity: 0; transform: scale(1.25); } to { opacity: 1; transform: none; } }

.bg-dock { display: flex; flex-direction: column; gap: .35rem; }
.bg-dice { display: flex; align-items: center; gap: .4rem; flex-wrap: wrap; }
.bg-die { display: inline-flex; align-items: center; justify-content: center; min-width: 44px; min-height: 44px; border-radius: 8px; }
.btn.bg-die { padding: 2px; }
.btn.bg-die.on { outline: 3px solid var(--accent); background: #3b3120; }
.bg-die.used { opacity: .55; }
.bg-die.idle { opacity: .8; }
.bg-purse { display: inline-flex; align-items: center; gap: .2rem; font-weight: 700; margin-left: .4rem; }
.bg-hint { margin: 0; color: var(--muted); }
.bg-ico { flex: none; vertical-align: middle; }
.bg-info { display: flex; gap: .6rem; align-items: flex-start; }
.bg-info > div { flex: 1; }
.bg-info p { margin: .15rem 0 0; }
.bg-side { display: flex; flex-direction: column; gap: .3rem; }
.bg-players .pstats { align-items: center; }
.bg-pos { color: var(--muted); font-size: .8rem; min-width: 1.2em; }
.bg-row { display: inline-flex; gap: 2px; align-items: center; }
.bg-g { display: inline-flex; align-items: center; gap: 1px; }
.btn.bg-look { min-height: 32px; padding: .1rem .5rem; font-size: .8rem; margin-left: auto; }
.bg-guide details { background: var(--panel2); border-radius: 8px; padding: .3rem .5rem; margin-top: .3rem; }
.bg-guide summary { cursor: pointer; font-weight: 600; min-height: 28px; }
.bg-guide ul { list-style: none; margin: .3rem 0 0; padding: 0; display: flex; flex-direction: column; gap: .35rem; font-size: .85rem; }
.bg-guide li { display: flex; gap: .4rem; align-items: flex-start; }
@media (max-width: 719px) {
  .board-area:has(.bg-board) { height: auto; }
  .bg-board { grid-template-columns: minmax(0, 1fr); height: auto; }
  .bg-main, .bg-estate { height: auto; }
  .bg-tab { min-height: 44px; }
  .btn.bg-look { min-height: 44px; }
}
</style>`
