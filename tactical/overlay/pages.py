"""The overlay pages: one HTML document per topic with its CSS and script inline, the
current value embedded (a page drawn before its first event is already right) and a
server-sent-events stream for the rest. Nothing external: the fonts come from the app's own
routes, and the Content-Security-Policy the server sends forbids anything else.

Text reaches the page as JSON and is set with textContent, never parsed as HTML; the JSON
embedded in a <script> element has <, > and & escaped, so a name cannot end the element."""

from __future__ import annotations

import html
from dataclasses import dataclass
from urllib.parse import parse_qs

from tactical.overlay.feed import TOPICS

#: ?pos= values: where on the browser source the overlay sits (CSS flex alignment).
POSITIONS = {"top-left": ("flex-start", "flex-start"), "top": ("center", "flex-start"),
             "top-right": ("flex-end", "flex-start"), "left": ("flex-start", "center"),
             "center": ("center", "center"), "right": ("flex-end", "center"),
             "bottom-left": ("flex-start", "flex-end"), "bottom": ("center", "flex-end"),
             "bottom-right": ("flex-end", "flex-end")}
DEFAULT_POS = {"initiative": "top", "roll": "bottom", "party": "top-left", "banner": "center"}
SCALES = (0.25, 4.0)
#: The browser source sizes docs/streaming.md suggests (width × height at ?scale=1).
SIZES = {"initiative": (1280, 110), "roll": (900, 330), "party": (480, 560),
         "banner": (1280, 160)}
TITLES = {"initiative": "Initiative strip", "roll": "Last roll",
          "party": "Party condition monitors", "banner": "Reaction banner"}
BANNER_MS = 8000  # as long as the players' screen shows it


class BadQuery(ValueError):
    """A ?scale= or ?pos= the page cannot honour: the message says what is allowed."""


@dataclass(frozen=True, slots=True)
class Look:
    scale: float
    pos: str


def parse_look(topic: str, query: str) -> Look:
    try:
        fields = parse_qs(query, keep_blank_values=True, strict_parsing=bool(query),
                          max_num_fields=8)
    except ValueError:
        raise BadQuery("the query is not NAME=VALUE pairs; use ?scale=1.5&pos=top") from None
    unknown = sorted(set(fields) - {"scale", "pos"})
    if unknown:
        raise BadQuery(f"unknown parameter '{unknown[0]}': only scale and pos")
    scale = 1.0
    if "scale" in fields:
        try:
            scale = float(fields["scale"][-1])
        except ValueError:
            scale = float("nan")
        if not SCALES[0] <= scale <= SCALES[1]:  # NaN fails both
            raise BadQuery(f"scale must be a number from {SCALES[0]:g} to {SCALES[1]:g}, "
                           f"got '{fields['scale'][-1]}'")
    pos = fields.get("pos", [DEFAULT_POS[topic]])[-1]
    if pos not in POSITIONS:
        raise BadQuery(f"pos must be one of {', '.join(POSITIONS)}; got '{pos}'")
    return Look(scale, pos)


def embed_json(text: str) -> str:
    """JSON safe inside a <script> element (no '</script>', no '<!--')."""
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


CSS = """
@font-face{font-family:TacticalSans;src:url(/fonts/sans.ttf) format("truetype");
 font-weight:400;font-display:block}
@font-face{font-family:TacticalSans;src:url(/fonts/sans-bold.ttf) format("truetype");
 font-weight:700;font-display:block}
html,body{margin:0;width:100%;height:100%;background:transparent;overflow:hidden}
body{display:flex;box-sizing:border-box;padding:calc(10px*var(--s));
 font:700 calc(28px*var(--s))/1.2 TacticalSans,sans-serif;color:#fff}
.panel{background:rgba(16,17,19,.88);border-radius:calc(10px*var(--s));
 padding:calc(8px*var(--s)) calc(14px*var(--s))}
.strip{display:flex;align-items:center;gap:calc(8px*var(--s));white-space:nowrap}
.chip{border-radius:calc(7px*var(--s));padding:calc(4px*var(--s)) calc(12px*var(--s));
 border:calc(3px*var(--s)) solid transparent}
.chip.players{background:#0072B2}.chip.others{background:#6b2a2a;border-style:dashed;
 border-color:#d8a0a0}
.chip.acting{font-size:130%;border:calc(5px*var(--s)) solid #F0E442}
.chip.later{opacity:.6}.tag{font-size:60%;margin-left:.4em;vertical-align:super}
.title,.more{color:#ddd}
.who{font-weight:400;font-size:70%;color:#ddd;text-align:center}
.headline{font-size:120%;text-align:center}
.glyphs{display:flex;gap:.4em;justify-content:center;margin-top:.2em}
.glyph{border-radius:.3em;padding:0 .4em}
.hits{background:#F0E442;color:#000}.ones{background:#bbb;color:#000}
.glitch{background:#D55E00}
.dice{display:grid;grid-template-columns:repeat(12,1.2em);gap:.15em;justify-content:center;
 margin-top:.3em;font-size:70%}
.die{background:#333;text-align:center;border-radius:.2em}.die.hit{background:#F0E442;
 color:#000}.die.one{outline:.12em solid #D55E00}
.history{font-weight:400;font-size:65%;color:#ccc;margin-top:.4em;text-align:center}
.roll{min-width:8em}
.party{display:flex;flex-direction:column;gap:calc(6px*var(--s))}
.member{display:flex;align-items:center;gap:.5em;white-space:nowrap}
.member .name{min-width:6em}.member.acting .name{color:#F0E442}
.member.others .name{font-weight:400}
.bars{display:flex;flex-direction:column;gap:.12em;width:7em}
.bar{height:.38em;background:#444;border-radius:.2em;overflow:hidden}
.bar>i{display:block;height:100%}.health>i{background:#009E73}.stamina>i{background:#56B4E9}
.state{font-weight:400;font-style:italic;color:#ddd}
.banner{background:rgba(16,17,19,.9);border:calc(5px*var(--s)) solid #F0E442;color:#F0E442;
 font-size:140%;padding:calc(10px*var(--s)) calc(24px*var(--s))}
"""

SCRIPT = """
"use strict";
const root = document.getElementById("o");
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}
const draw = {
  initiative(v) {
    root.replaceChildren();
    if (!v || !v.entries || !v.entries.length) return;
    const strip = el("div", "panel strip");
    const title = el("span", "title", v.title);
    strip.append(title);
    const chips = v.entries.map(e => {
      const c = el("span", "chip " + (e.players ? "players" : "others")
        + (e.acting ? " acting" : "") + (e.later ? " later" : ""), e.name);
      c.dataset.initials = e.initials;
      c.dataset.acting = e.acting ? "1" : "";
      if (e.later && e.pass) c.append(el("span", "tag", "P" + e.pass));
      strip.append(c);
      return c;
    });
    root.append(strip);
    const fits = () => strip.getBoundingClientRect().width <= document.body.clientWidth
      - 2 * parseFloat(getComputedStyle(document.body).paddingLeft);
    for (let i = chips.length - 1; i >= 0 && !fits(); i--) {
      if (!chips[i].dataset.acting) chips[i].firstChild.textContent = chips[i].dataset.initials;
    }
    let more = null, out = 0;
    for (let i = chips.length - 1; i >= 0 && !fits(); i--) {
      if (chips[i].dataset.acting) continue;
      chips[i].remove(); out++;
      if (!more) { more = el("span", "more"); strip.append(more); }
      more.textContent = "+" + out;
    }
    if (!fits()) title.remove();
  },
  roll(v) {
    root.replaceChildren();
    if (!v || !v.last) return;
    const r = v.last, box = el("div", "panel roll");
    box.append(el("div", "who", r.target ? r.attacker + " \\u2192 " + r.target : r.attacker));
    const glyphs = r.family === "pool" && r.detail === "full";
    box.append(el("div", "headline", glyphs ? r.outcome : r.headline));
    if (glyphs) {
      const g = el("div", "glyphs");
      g.append(el("span", "glyph hits", r.hits + (r.hits === 1 ? " hit" : " hits")));
      g.append(el("span", "glyph ones", r.ones + (r.ones === 1 ? " one" : " ones")));
      if (r.critical_glitch) g.append(el("span", "glyph glitch", "\\u2716 CRITICAL GLITCH"));
      else if (r.glitch) g.append(el("span", "glyph glitch", "\\u26a0 GLITCH"));
      box.append(g);
      const dice = el("div", "dice");
      for (const d of r.dice || [])
        dice.append(el("span", "die" + (d >= 5 ? " hit" : d === 1 ? " one" : ""), d));
      box.append(dice);
    }
    for (const h of v.history || [])
      box.append(el("div", "history", h.attacker + (h.target ? " \\u2192 " + h.target : "")
        + ": " + h.headline));
    root.append(box);
  },
  party(v) {
    root.replaceChildren();
    if (!v || !v.length) return;
    const box = el("div", "panel party");
    for (const m of v) {
      const row = el("div", "member " + (m.players ? "players" : "others")
        + (m.acting ? " acting" : ""));
      row.append(el("span", "name", m.name));
      if (m.health !== undefined) {
        const bars = el("span", "bars");
        for (const [cls, share] of [["health", m.health], ["stamina", m.stamina]]) {
          const bar = el("span", "bar " + cls), fill = el("i");
          fill.style.width = Math.max(0, Math.min(1, share)) * 100 + "%";
          bar.append(fill); bars.append(bar);
        }
        row.append(bars);
        if (m.down) row.append(el("span", "state", "down"));
      } else if (m.state) {
        row.append(el("span", "state", m.state));
      }
      box.append(row);
    }
    root.append(box);
  },
  banner(v) {
    if (!v) { root.replaceChildren(); return; }
    if (root.dataset.number === String(v.number)) return;
    root.dataset.number = String(v.number);
    root.replaceChildren(el("div", "banner", v.text));
    clearTimeout(draw.timer);
    draw.timer = setTimeout(() => root.replaceChildren(), BANNER_MS);
  },
};
let last = null;
function show(text) {
  last = JSON.parse(text);
  draw[TOPIC](last);
  document.body.dataset.shown = String(Number(document.body.dataset.shown || 0) + 1);
}
show(document.getElementById("data").textContent);
document.fonts.ready.then(() => { if (TOPIC !== "banner") draw[TOPIC](last); });
const events = new EventSource("/events/" + TOPIC);
events.onmessage = e => show(e.data);
"""


def overlay_page(topic: str, look: Look, data_json: str) -> str:
    jx, ay = POSITIONS[look.pos]
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>Tactical — {html.escape(TITLES[topic])}</title>
<style>{CSS}body{{--s:{look.scale:g};justify-content:{jx};align-items:{ay}}}</style>
</head><body><div id="o"></div>
<script id="data" type="application/json">{embed_json(data_json)}</script>
<script>const TOPIC = "{topic}", BANNER_MS = {BANNER_MS};{SCRIPT}</script>
</body></html>
"""


def index_page(port: int) -> str:
    """`/`: the overlays, their URLs and the sizes to give OBS (a plain page to read)."""
    rows = "".join(
        f"<tr><td>{html.escape(TITLES[t])}</td><td><a href=\"/{t}\">"
        f"http://127.0.0.1:{port}/{t}</a></td><td>{SIZES[t][0]} × {SIZES[t][1]}</td>"
        f"<td>{DEFAULT_POS[t]}</td></tr>" for t in TOPICS)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tactical — stream overlays</title>
<style>body{{font:16px/1.4 sans-serif;margin:2em;color:#111;background:#fff}}
td,th{{padding:.3em .8em;text-align:left}}code{{background:#eee;padding:0 .2em}}</style>
</head><body><h1>Tactical — stream overlays</h1>
<p>Add each as a <b>Browser source</b> in OBS (its background is transparent).</p>
<table><tr><th>overlay</th><th>URL</th><th>source size</th><th>default pos</th></tr>{rows}
</table>
<p>Parameters: <code>?scale=1.5</code> (0.25 to 4) and <code>?pos=</code> one of
{", ".join(f"<code>{p}</code>" for p in POSITIONS)},
e.g. <code>/initiative?scale=0.75&amp;pos=bottom</code>.</p>
<p>Only what the players' screen shows is served.</p>
</body></html>
"""
