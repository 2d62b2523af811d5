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

// textTables are the texts of the parts of the window that keep their own, in Japanese and
// English.
var textTables = map[string][2]any{
	"analysis": {japaneseAnalysis, englishAnalysis}, "book": {japaneseBook, englishBook},
	"convert": {japaneseConvert, englishConvert}, "panel": {japanesePanel, englishPanel},
	"game setup": {japaneseGameSetup, englishGameSetup}, "game": {japaneseGame, englishGame},
	"preview": {japanesePreview, englishPreview}, "record": {japaneseRecord, englishRecord},
	"engines": {japaneseRoom, englishRoom},
}

// Every text of every table exists in both languages, its formats (…F) take the same verbs in
// both, and each character is in the bundled font, as TestMessagesAreComplete and
// TestBundledFontHasEveryGlyphOfTheInterface ask of Messages.
func TestEveryTextTableIsComplete(t *testing.T) {
	f, err := sfnt.Parse(assets.JapaneseFont())
	if err != nil {
		t.Fatal(err)
	}
	var buf sfnt.Buffer
	verbs := regexp.MustCompile(`%[-+ #0-9.\[\]]*[a-zA-Z%]`)
	for name, tables := range textTables {
		ja, en := reflect.ValueOf(tables[0]), reflect.ValueOf(tables[1])
		for i := range ja.NumField() {
			if ja.Field(i).Kind() != reflect.String {
				continue
			}
			field := ja.Type().Field(i).Name
			j, e := ja.Field(i).String(), en.Field(i).String()
			if j == "" || e == "" {
				t.Errorf("%s.%s is empty in %s", name, field, map[bool]string{true: "Japanese", false: "English"}[j == ""])
			}
			if strings.HasSuffix(field, "F") && len(verbs.FindAllString(j, -1)) != len(verbs.FindAllString(e, -1)) {
				t.Errorf("%s.%s: the formats %q and %q take different arguments", name, field, j, e)
			}
			for _, r := range j + e {
				if r == '\n' {
					continue
				}
				if g, err := f.GlyphIndex(&buf, r); err != nil || g == 0 {
					t.Errorf("%s has no glyph for %q (U+%04X) in %s.%s", assets.JapaneseFontName, r, r, name, field)
				}
			}
		}
	}
}
