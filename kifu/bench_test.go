package kifu

import (
	"os"
	"strings"
	"testing"
)

// Reading and fully validating a KIF: decoding, parsing every line, checking every
// move's legality, building the tree. mog-core-scala 004.kif is a 223-move game in
// UTF-8 with time columns; 20081220kyoochi.kif a 142-move handicap game in Shift_JIS.
func benchmarkRead(b *testing.B, file string) {
	data, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	rec, _, err := Read(data, file)
	if err != nil {
		b.Fatal(err)
	}
	plies := len(rec.MainMoves())
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := Read(data, file); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(plies), "ns/move")
}

func BenchmarkReadKIF223MovesUTF8(b *testing.B) {
	benchmarkRead(b, "testdata/kif/mog-core-scala__kif__game__004.kif")
}

func BenchmarkReadKIF142MovesShiftJIS(b *testing.B) {
	benchmarkRead(b, "testdata/kif/kifu-for-js__20081220kyoochi.kif")
}

func BenchmarkReadKI2172MovesShiftJIS(b *testing.B) {
	benchmarkRead(b, "testdata/ki2/kifu-for-js__20091203.ki2")
}

func BenchmarkReadCSA196Moves(b *testing.B) {
	benchmarkRead(b, "testdata/csa/kifu-for-js__v2.csa")
}

func BenchmarkWriteKIF223Moves(b *testing.B) {
	rec, err := ReadFile("testdata/kif/mog-core-scala__kif__game__004.kif")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = FormatKIF(rec)
	}
}

// A comment of 40 000 lines on one move, in KIF and in CSA: 13 s when each line was added to
// the comment string (all of it copied each time).
func BenchmarkReadLongComment(b *testing.B) {
	line := strings.Repeat("あ", 40)
	for _, tc := range []struct{ name, head, prefix string }{
		{"KIF", "手合割：平手\n▲７六歩\n", "*"},
		{"CSA", "V2.2\nPI\n+\n+7776FU\n", "'*"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			data := []byte(tc.head + strings.Repeat(tc.prefix+line+"\n", 40000))
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				rec, _, err := Read(data, "long."+strings.ToLower(tc.name))
				if err != nil || len(rec.Root.Next().Comment) != 40000*(len(line)+1)-1 {
					b.Fatalf("%v", err)
				}
			}
		})
	}
}
