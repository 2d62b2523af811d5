package kifu

import (
	"os"
	"strings"
	"testing"
)

// headerKeys lists the keys of the header lines of a KIF or KI2 text (手合割 and the
// hands of a board diagram included, "盤面" for the diagram's rows), up to the moves.
func headerKeys(text string) []string {
	var keys []string
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimRight(l, "\r")
		t := trimLeftSpace(l)
		if strings.HasPrefix(t, "手数-") || strings.HasPrefix(t, "手数―") || strings.HasPrefix(t, "▲") || strings.HasPrefix(t, "△") {
			break
		}
		if strings.HasPrefix(t, "|") {
			if len(keys) == 0 || keys[len(keys)-1] != "盤面" {
				keys = append(keys, "盤面")
			}
			continue
		}
		if t == "" || t[0] == '#' || t[0] == '*' || strings.HasPrefix(t, "手数＝") {
			continue
		}
		if k, _, ok := cutHeader(t); ok {
			keys = append(keys, k)
		}
	}
	return keys
}

// Writing KIF and KI2 keeps the headers in the order of the file read, 手合割 and the
// board diagram included: Kifu for Windows' order (手合割 after 持ち時間 and 場所, before
// 先手 and 後手), ShogiHome's (手合割 last), a diagram between the headers.
func TestHeaderOrderKept(t *testing.T) {
	files := []string{
		"kif/kifu-for-js__henka.kif",
		"kif/kifu-for-js__20081220kyoochi.kif",
		"kif/shogihome__scenario__1__record.kifu",
		"kif/shogihome__book__source-with-score__src03.kifu",
		"kif/mog-core-scala__kif__game__013.kif",
		"ki2/kifu-for-js__7mai.ki2u",
	}
	for _, f := range files {
		data, err := os.ReadFile("testdata/" + f)
		if err != nil {
			t.Fatal(err)
		}
		text, _ := Decode(data)
		r, err := ParseKIF(text)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		want := strings.Join(headerKeys(text), " ")
		if !strings.Contains(want, "手合割") && !strings.Contains(want, "盤面") {
			t.Fatalf("%s: no start position among %s", f, want)
		}
		if h, ok := HandicapOf(r.Start); ok && !widelyKnownHandicaps[h.Name] {
			// such a 手合割 is followed by its board diagram (writeKakinokiStart)
			want = strings.Replace(want, "手合割", "手合割 後手の持駒 盤面 先手の持駒", 1)
		}
		for _, out := range []string{FormatKIF(r), FormatKI2(r)} {
			if got := strings.Join(headerKeys(out), " "); got != want {
				t.Errorf("%s: headers written\n %s\nwant\n %s", f, got, want)
			}
		}
	}
}

// A record from elsewhere (CSA, JKF, one made in the program) gets 手合割 where Kifu for
// Windows writes it: after the other headers, before 先手 and 後手.
func TestHeaderOrderOfANewRecord(t *testing.T) {
	r := New(nil)
	r.Headers = Headers{{"開始日時", "2024/01/02"}, {"棋戦", "x"}, {"持ち時間", "10分"}, {HeaderBlack, "a"}, {HeaderWhite, "b"}, {"備考", "c"}}
	if got := strings.Join(headerKeys(FormatKIF(r)), " "); got != "開始日時 棋戦 持ち時間 手合割 先手 後手 備考" {
		t.Errorf("headers written: %s", got)
	}
	csa, _ := ParseCSA(FormatCSA(r, CSAOptions{}))
	if got := strings.Join(headerKeys(FormatKIF(csa)), " "); !strings.Contains(got, "手合割 先手 後手") {
		t.Errorf("from CSA: %s", got)
	}
	r.Headers = Headers{{"開始日時", "2024/01/02"}}
	if got := strings.Join(headerKeys(FormatKIF(r)), " "); got != "開始日時 手合割" {
		t.Errorf("headers written: %s", got)
	}
}
