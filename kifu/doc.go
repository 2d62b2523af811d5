// Package kifu holds game records: a start position, headers, and a tree of
// moves with comments, bookmarks and times, read from and written to the formats
// people exchange — KIF and KI2 (Kakinoki), CSA V2.2 and V3.0, JKF (JSON Kifu
// Format) and USI/SFEN — in UTF-8 or Shift_JIS, and reads EUC-JP, ISO-2022-JP,
// UTF-16 and UTF-32 too (Read finds the encoding from the bytes and the format from
// the file's extension, else from its content). It also reads and writes the
// engine "think comments" ShogiHome puts in records (評価値, 読み筋, …) and
// floodgate's score lines.
//
// A Record is a start position plus a tree of Nodes. The root node stands for
// the start position (its comment is the comment before the first move); every
// other node is a move or a special move (投了, 中断, …) that ends its line.
// A node's first child is its main continuation, the others are variations.
// A Cursor walks the tree the way a record view does: along a current line,
// jumping between variations, playing moves.
//
// Readers never give up silently: a record that can be read only in part is
// returned together with a *ParseError naming the line and what was expected,
// and irregularities that do not stop reading are listed in Record.Warnings (a byte
// that is not valid in the file's encoding among them, with its line). What a writer
// writes, its reader reads back as the same record, as far as the format holds it; a
// header with a line break, which KIF, KI2 and CSA cannot hold, is an error of Write.
//
// What the writers write is read by the two most used open readers, tsshogi (ShogiHome)
// and json-kifu-format (Kifu for JS), whose grammars readers_test.go encodes: KI2 has no
// #KIF line and, in UTF-8, a BOM instead; a まで line those readers do not know is written
// as まで…で中断 with the exact one as a "#" remark after it, and in KI2 a special move's
// comment and bookmark as "#*" and "#&" remarks, all read back onto the special; a KI2
// variation's first move names its square, never 同; CSA is V2.2 unless the
// caller asks for V3.0 (json-kifu-format reads no V3.0; NeedsCSAV3 says when V3.0 keeps more).
package kifu
