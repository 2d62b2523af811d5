package bundledengine

import (
	"fmt"
	"strings"
	"testing"
)

func TestOptionsSet(t *testing.T) {
	o := newOptions()
	for _, c := range []struct {
		name, value, err string
	}{
		{"USI_Hash", "256", ""},
		{"usi_hash", "32", ""}, // names are matched without regard to case
		{"Hash", "8", ""},      // and other engines' names are understood
		{"USI_Hash", "0", fmt.Sprintf("outside 1..%d", declaredMaxHashMB())}, // the machine's memory
		{"MultiPV", "x", "not a number"},
		{"USI_Ponder", "yes", "not true or false"},
		{"USI_Ponder", "TRUE", ""},
		{"Skill Level", "5", ""},
		{"ClearHash", "", ""},
		{"Nope", "1", "no option named"},
	} {
		_, err := o.set(c.name, c.value)
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("set(%q, %q): %v, want %q", c.name, c.value, err, c.err)
		}
	}
	if o.int(optHash) != 8 || !o.bool(optPonder) || o.int(optSkillLevel) != 5 {
		t.Errorf("values: hash %d ponder %v skill %d", o.int(optHash), o.bool(optPonder), o.int(optSkillLevel))
	}
}

func TestOptionsSkill(t *testing.T) {
	o := newOptions()
	if _, weaken := o.skill(); weaken {
		t.Error("full strength by default")
	}
	o.set(optSkillLevel, "3")
	if l, weaken := o.skill(); !weaken || l != 3 {
		t.Errorf("SkillLevel 3: %d %v", l, weaken)
	}
	o.set(optSkillLevel, "0")
	if l, weaken := o.skill(); !weaken || l != 0 {
		t.Errorf("SkillLevel 0: %d %v", l, weaken)
	}
	// USI_Strength counts only with USI_LimitStrength, and then SkillLevel does not
	o.set(optStrength, "3")
	if l, _ := o.skill(); l != 0 {
		t.Errorf("USI_Strength without USI_LimitStrength: level %d, want SkillLevel's 0", l)
	}
	o.set(optLimitStrength, "true")
	o.set(optSkillLevel, "20")
	if l, weaken := o.skill(); !weaken || l != 19 {
		t.Errorf("USI_Strength 3: %d %v, want 19", l, weaken)
	}
	o.set(optStrength, "-20")
	if l, weaken := o.skill(); !weaken || l != 1 {
		t.Errorf("USI_Strength -20: %d %v, want 1", l, weaken)
	}
	// every USI_Strength a level, none weaker than the one below, all of 1..19 used
	prev, used := 0, map[int]bool{}
	for s := -20; s <= 3; s++ {
		o.set(optStrength, fmt.Sprint(s))
		l, weaken := o.skill()
		if !weaken || l < prev || l > prev+1 && s > -20 || l < 1 || l >= fullSkill {
			t.Errorf("USI_Strength %d: level %d (weaken %v) after %d", s, l, weaken, prev)
		}
		prev, used[l] = l, true
	}
	for l := 1; l < fullSkill; l++ {
		if !used[l] {
			t.Errorf("no USI_Strength plays at level %d", l)
		}
	}
}

func TestParseSetOption(t *testing.T) {
	for _, c := range []struct{ in, name, value string }{
		{"name USI_Hash value 32", "USI_Hash", "32"},
		{"name Skill Level value 3", "Skill Level", "3"},
		{"name ClearHash", "ClearHash", ""},
		{"name BookFile value C:/my books/a.db", "BookFile", "C:/my books/a.db"},
	} {
		n, v, err := parseSetOption(c.in)
		if err != nil || n != c.name || v != c.value {
			t.Errorf("%q: %q %q %v", c.in, n, v, err)
		}
	}
	if _, _, err := parseSetOption("value 3"); err == nil {
		t.Error("no name: no error")
	}
}

func TestOptionLines(t *testing.T) {
	for _, l := range newOptions().usiLines() {
		f := strings.Fields(l)
		if f[0] != "option" || f[1] != "name" || f[3] != "type" {
			t.Errorf("malformed %q", l)
		}
	}
}
