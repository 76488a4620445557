// The pictures' one style sheet, inside each SVG so a picture is complete on its own (an HTML
// report, a file). Colours are custom properties a host page may set on `.oatf-diagram`; the
// defaults follow the reader's light or dark scheme. Every class starts with `oatf-`, because a
// style sheet inside inline SVG applies to the whole page.
// One string concatenation of literals, not a call: a bundle that imports only part of the package
// (a worker that summarizes messages) leaves it out.
export const STYLE =
  ".oatf-diagram{--oatf-fg:#1b1f24;--oatf-muted:#57606a;--oatf-line:#8c959f;--oatf-box:#f6f8fa;" +
  "--oatf-accent:#0a58ca;--oatf-bad:#b3261e;--oatf-mark:#fdecea;--oatf-terminal:#e7eefb;" +
  "font:12px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;fill:var(--oatf-fg)}" +
  "@media (prefers-color-scheme:dark){.oatf-diagram{--oatf-fg:#e6e8eb;--oatf-muted:#a4acb6;" +
  "--oatf-line:#6e7681;--oatf-box:#20252d;--oatf-accent:#79b0ff;--oatf-bad:#ff8a80;" +
  "--oatf-mark:#3b2326;--oatf-terminal:#1f2a3a}}" +
  ".oatf-diagram text{fill:var(--oatf-fg)}" +
  ".oatf-diagram .oatf-muted{fill:var(--oatf-muted)}" +
  ".oatf-diagram .oatf-heading{font-weight:700;font-family:system-ui,sans-serif;font-size:13px}" +
  ".oatf-diagram .oatf-box{fill:var(--oatf-box);stroke:var(--oatf-line)}" +
  ".oatf-diagram .oatf-terminal .oatf-box{fill:var(--oatf-terminal);stroke:var(--oatf-accent);stroke-width:2}" +
  ".oatf-diagram .oatf-tag{fill:var(--oatf-accent);font-weight:700}" +
  ".oatf-diagram .oatf-rule{stroke:var(--oatf-line);stroke-width:1.5}" +
  ".oatf-diagram .oatf-lifeline{stroke:var(--oatf-line);stroke-dasharray:4 4}" +
  ".oatf-diagram .oatf-head{fill:var(--oatf-line)}" +
  ".oatf-diagram .oatf-matched .oatf-rule{stroke:var(--oatf-bad);stroke-width:2.5}" +
  ".oatf-diagram .oatf-matched .oatf-head{fill:var(--oatf-bad)}" +
  ".oatf-diagram .oatf-matched .oatf-band{fill:var(--oatf-mark)}" +
  ".oatf-diagram .oatf-band{fill:transparent}" +
  ".oatf-diagram .oatf-flag{fill:var(--oatf-bad);font-weight:700}" +
  ".oatf-diagram a:focus .oatf-band,.oatf-diagram a:hover .oatf-band{stroke:var(--oatf-bad)}" +
  ".oatf-diagram .oatf-more{fill:var(--oatf-muted);font-style:italic}";
