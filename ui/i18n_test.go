package ui

import (
	"reflect"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/image/font/sfnt"

	"banmen/assets"
)

func TestSystemLang(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want Lang
	}{
		{map[string]string{"LANG": "ja_JP.UTF-8"}, Japanese},
		{map[string]string{"LANG": "en_US.UTF-8"}, English},
		{map[string]string{"LANG": "ja_JP.UTF-8", "LC_ALL": "C"}, English},        // LC_ALL wins
		{map[string]string{"LANG": "en_GB.UTF-8", "LC_MESSAGES": "ja"}, Japanese}, // then LC_MESSAGES
		{map[string]string{}, English},
	} {
		if got := SystemLang(func(k string) string { return tc.env[k] }); got != tc.want {
			t.Errorf("%v: %v, want %v", tc.env, got, tc.want)
		}
	}
}

// Every text of the interface exists in both languages, and formats take the same verbs.
func TestMessagesAreComplete(t *testing.T) {
	ja, en := reflect.ValueOf(*MessagesFor(Japanese)), reflect.ValueOf(*MessagesFor(English))
	for i := range ja.NumField() {
		name := ja.Type().Field(i).Name
		j, e := ja.Field(i).String(), en.Field(i).String()
		if j == "" || e == "" {
			t.Errorf("%s is empty in %s", name, map[bool]string{true: "Japanese", false: "English"}[j == ""])
		}
		if strings.HasSuffix(name, "F") && strings.Count(j, "%") != strings.Count(e, "%") {
			t.Errorf("%s: the formats %q and %q take different arguments", name, j, e)
		}
	}
}

// Every character the interface writes must be in the bundled font, or it shows as a box on a
// machine without Japanese fonts.
func TestBundledFontHasEveryGlyphOfTheInterface(t *testing.T) {
	f, err := sfnt.Parse(assets.JapaneseFont())
	if err != nil {
		t.Fatal(err)
	}
	var buf sfnt.Buffer
	for _, l := range []Lang{Japanese, English} {
		v := reflect.ValueOf(*MessagesFor(l))
		for i := range v.NumField() {
			for _, r := range v.Field(i).String() {
				if r == '\n' {
					continue
				}
				if g, err := f.GlyphIndex(&buf, r); err != nil || g == 0 {
					t.Errorf("%s has no glyph for %q (U+%04X) in %s", assets.JapaneseFontName, r, r, v.Type().Field(i).Name)
				}
			}
		}
	}
}

// The English interface names the sides as the board does, Sente and Gote; Black and White
// appear only to explain them ("Black (Sente)"). The 棋譜解析 summary said ▲Black under a
// board that says Sente.
func TestEnglishNamesTheSidesSenteAndGote(t *testing.T) {
	bare := regexp.MustCompile(`\b(Black|White)\b`)
	explained := regexp.MustCompile(`\b(Black \(Sente\)|White \(Gote\))`)
	for name, texts := range map[string]any{"Messages": englishMessages, "analysis": englishAnalysis,
		"panel": englishPanel, "game setup": englishGameSetup, "game": englishGame, "preview": englishPreview,
		"record": englishRecord, "engines": englishRoom, "convert": englishConvert} {
		v := reflect.ValueOf(texts)
		for i := range v.NumField() {
			if v.Field(i).Kind() != reflect.String {
				continue
			}
			s := v.Field(i).String()
			if bare.MatchString(explained.ReplaceAllString(s, "")) {
				t.Errorf("%s.%s says %q", name, v.Type().Field(i).Name, s)
			}
		}
	}
}
