// node readers.js FILE... : reads each record with tsshogi (ShogiHome) and json-kifu-format
// (Kifu for JS) as those programs do, and prints one JSON line per file and reader:
// {"file", "reader", "error"} or {"file", "reader", "moves": main line in USI, "nodes": the
// tree's nodes (tsshogi; moves and special moves, the root left out), "comments",
// "bookmarks"}. NODE_PATH names the folder holding both packages (TestRecordsEveryReaderOpens).
const fs = require("fs");
const t = require("tsshogi");
const j = require("json-kifu-format");

// ShogiHome: a BOM or valid UTF-8 is UTF-8, anything else Shift_JIS
function decodeAuto(buf) {
  if (buf[0] == 0xef && buf[1] == 0xbb && buf[2] == 0xbf) return buf.slice(3).toString("utf8");
  try { return new TextDecoder("utf-8", { fatal: true }).decode(buf); }
  catch (e) { return new TextDecoder("shift_jis").decode(buf); }
}
// Kifu for JS: KIF/KI2 by the name (.kifu/.ki2u UTF-8, else Shift_JIS), CSA as ShogiHome
function decodeKifuForJS(buf, name) {
  if (/\.csa$/.test(name)) return decodeAuto(buf);
  if (/u$/.test(name)) return new TextDecoder("utf-8").decode(buf);
  return new TextDecoder("shift_jis").decode(buf);
}
const kindOf = (name) => /\.kifu?$/.test(name) ? "kif" : /\.ki2u?$/.test(name) ? "ki2" : "csa";
const files = "abcdefghi";
const usiPiece = { FU: "P", KY: "L", KE: "N", GI: "S", KI: "G", KA: "B", HI: "R" };
function jkfUSI(m) {
  const to = m.to.x + files[m.to.y - 1];
  if (!m.from) return usiPiece[m.piece] + "*" + to;
  return m.from.x + files[m.from.y - 1] + to + (m.promote ? "+" : "");
}
for (const file of process.argv.slice(2)) {
  const buf = fs.readFileSync(file);
  const kind = kindOf(file);
  const out = (o) => console.log(JSON.stringify(Object.assign({ file }, o)));
  try {
    const text = decodeAuto(buf);
    const r = kind == "kif" ? t.importKIF(text) : kind == "ki2" ? t.importKI2(text) : t.importCSA(text);
    if (r instanceof Error) throw r;
    const moves = [];
    r.goto(0);
    while (r.goForward()) { if (r.current.move instanceof t.Move) moves.push(r.current.move.usi); }
    let nodes = -1, comments = 0; const bookmarks = [];
    r.forEach((n) => { nodes++; if (n.comment.trim()) comments++; if (n.bookmark) bookmarks.push(n.bookmark); });
    out({ reader: "tsshogi", moves, nodes, comments, bookmarks });
  } catch (e) { out({ reader: "tsshogi", error: String(e.message || e).slice(0, 300) }); }
  try {
    const text = decodeKifuForJS(buf, file);
    const p = kind == "kif" ? j.JKFPlayer.parseKIF(text) : kind == "ki2" ? j.JKFPlayer.parseKI2(text) : j.JKFPlayer.parseCSA(text);
    const moves = p.kifu.moves.filter((x) => x.move).map((x) => jkfUSI(x.move));
    out({ reader: "json-kifu-format", moves });
  } catch (e) { out({ reader: "json-kifu-format", error: String(e.message || e).slice(0, 300) }); }
}
