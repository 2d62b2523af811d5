package usiclient

import (
	"fmt"
	"strings"
	"testing"
)

func TestParseOption(t *testing.T) {
	hundredVars := make([]string, 100)
	for i := range hundredVars {
		hundredVars[i] = fmt.Sprintf("var v%d", i)
	}
	tests := []struct {
		name, line, want string
	}{
		{"name with spaces", "option name Skill Level type spin default 20 min -20 max 20",
			`option name="Skill Level" type=spin default="20" min=-20 max=20`},
		{"button with spaces", "option name Clear Hash type button", `option name="Clear Hash" type=button`},
		{"empty trailing default", "option name Debug Log File type string default ",
			`option name="Debug Log File" type=string default=""`},
		{"empty trailing default, no space", "option name Debug Log File type string default",
			`option name="Debug Log File" type=string default=""`},
		{"<empty>", "option name SyzygyPath type string default <empty>", `option name="SyzygyPath" type=string default=""`},
		{"string default with spaces and keywords", "option name Greeting type string default hello  min world var x",
			`option name="Greeting" type=string default="hello  min world var x"`},
		{"filename", "option name EvalDir type filename default C:\\My Engines\\eval",
			`option name="EvalDir" type=filename default="C:\\My Engines\\eval"`},
		{"combo vars with spaces", "option name Style type combo default Very Solid var Very Solid var Normal var Wild  Style",
			`option name="Style" type=combo default="Very Solid" vars=["Very Solid" "Normal" "Wild  Style"]`},
		{"combo default after vars", "option name Protocol type combo var uci var usi default usi",
			`option name="Protocol" type=combo default="usi" vars=["uci" "usi"]`},
		{"a hundred vars", "option name Many type combo default v50 " + strings.Join(hundredVars, " "),
			fmt.Sprintf(`option name="Many" type=combo default="v50" vars=%q`, strings.Fields(strings.ReplaceAll(strings.Join(hundredVars, " "), "var ", "")))},
		{"default outside min..max is kept and flagged", "option name Hash type spin default 0 min 1 max 1024",
			`option name="Hash" type=spin default="0" min=1 max=1024 outofrange problems=["default 0 is outside 1..1024"]`},
		{"default above max", "option name Threads type spin default 9 max 8",
			`option name="Threads" type=spin default="9" max=8 outofrange problems=["default 9 is outside ..8"]`},
		{"int64 max", "option name NodesLimit type spin default 0 min 0 max 9223372036854775807",
			`option name="NodesLimit" type=spin default="0" min=0 max=9223372036854775807`},
		{"spin default not a number", "option name X type spin default many min 0 max 4",
			`option name="X" type=spin default="many" min=0 max=4 problems=["default \"many\" is not an integer"]`},
		{"min above max", "option name X type spin default 1 min 5 max 4",
			`option name="X" type=spin default="1" min=5 max=4 outofrange problems=["min 5 is above max 4" "default 1 is outside 5..4"]`},
		{"check default not a bool", "option name Ponder type check default yes",
			`option name="Ponder" type=check default="yes" problems=["default \"yes\" is neither true nor false"]`},
		{"combo default not among vars", "option name Book type combo default none var a var b",
			`option name="Book" type=combo default="none" vars=["a" "b"] problems=["default \"none\" is not among the 2 vars"]`},
		{"combo without vars", "option name Book type combo default a",
			`option name="Book" type=combo default="a" problems=["combo without vars"]`},
		{"unknown type kept", "option name Colour type color default #fff",
			`option name="Colour" type=color default="#fff" problems=["unknown type \"color\""]`},
		{"name containing the word type", "option name Piece type Set type combo default A var A var B",
			`option name="Piece type Set" type=combo default="A" vars=["A" "B"]`},
		{"japanese name", "option name 定跡ファイル type string default book.db",
			`option name="定跡ファイル" type=string default="book.db"`},
		{"bad min", "option name X type spin default 1 min low max 4",
			`option name="X" type=spin default="1" max=4 problems=["min \"low\" is not an integer"]`},
		{"stray token", "option name X type check default true junk",
			`option name="X" type=check default="true junk" problems=["default \"true junk\" is neither true nor false"]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := ParseOption(tt.line)
			if err != nil {
				t.Fatal(err)
			}
			if got := describeReply(&o); got != tt.want {
				t.Errorf("ParseOption(%q)\n got  %s\n want %s", tt.line, got, tt.want)
			}
			// It writes itself back and reads the same (problems with a token that
			// could not be read, such as "min low", are not written back).
			again, err := ParseOption(o.String())
			o.Problems, again.Problems = nil, nil
			if err != nil || describeReply(&again) != describeReply(&o) {
				t.Errorf("round trip through %q: %v %s", o.String(), err, describeReply(&again))
			}
		})
	}
	for _, bad := range []string{"option", "option name", "option name X", "option type spin", "option name type spin", "info name X type spin", "option name X type"} {
		if o, err := ParseOption(bad); err == nil {
			t.Errorf("ParseOption(%q) = %s, want an error", bad, describeReply(&o))
		}
	}
}

func TestOptionValidate(t *testing.T) {
	spin, _ := ParseOption("option name Hash type spin default 16 min 1 max 1024")
	check, _ := ParseOption("option name Ponder type check default false")
	combo, _ := ParseOption("option name Style type combo default Normal var Solid var Normal var Risky")
	button, _ := ParseOption("option name Clear Hash type button")
	str, _ := ParseOption("option name BookFile type string default <empty>")
	tests := []struct {
		o     Option
		value string
		ok    bool
	}{
		{spin, "1", true}, {spin, "1024", true}, {spin, "0", false}, {spin, "1025", false}, {spin, "16MB", false},
		{check, "true", true}, {check, "FALSE", true}, {check, "1", false},
		{combo, "Risky", true}, {combo, "risky", true}, {combo, "Wild", false},
		{button, "", true}, {button, "x", false},
		{str, "", true}, {str, "my book.db", true}, {str, "a\nquit", false}, {str, "a\rb", false},
	}
	for _, tt := range tests {
		err := tt.o.Validate(tt.value)
		if (err == nil) != tt.ok {
			t.Errorf("%s.Validate(%q) = %v, want ok=%v", tt.o.Name, tt.value, err, tt.ok)
		}
		if err != nil && !strings.Contains(err.Error(), tt.o.Name) {
			t.Errorf("error %q does not name the option", err)
		}
	}
}
