package puzzle

import (
	"strings"
	"testing"
)

// An item's words are read with their article, plural, title and states.
func TestLoadWords(t *testing.T) {
	p := loadString(t, `items:
  Bread:   {words: {a: loaf of bread, some: loaves of bread, title: Bread}}
  Wool:    {words: {some: wool}}
  Hour:    {words: {an: hour}}
  Lectern:
    props: {hasBook: false}
    words:
      a: lectern
      some: lecterns
      when:
        - {if: {hasBook: true}, a: lectern holding a book}
        - {if: {hasBook: false}, an: empty lectern}
        - {if: {hasBook: false}, title: Empty Lectern}
`)
	bread := p.Items["Bread"].Words
	if bread.One != "loaf of bread" || bread.Article != "a" || bread.Some != "loaves of bread" || bread.Title != "Bread" {
		t.Errorf("bread: %+v", bread)
	}
	if w := p.Items["Wool"].Words; w.One != "" || w.Some != "wool" {
		t.Errorf("wool: %+v", w)
	}
	if w := p.Items["Hour"].Words; w.Article != "an" || w.One != "hour" {
		t.Errorf("hour: %+v", w)
	}
	lectern := p.Items["Lectern"].Words
	f, said := lectern.For(Props{"hasBook": Bool(true)})
	if f.One != "lectern holding a book" || f.Some != "" || len(said) != 1 || said[0] != "hasBook" {
		t.Errorf("a lectern with a book reads %+v, saying %v", f, said)
	}
	if f, _ := lectern.For(Props{}); f.One != "empty lectern" || f.Article != "an" || f.Title != "Empty Lectern" {
		t.Errorf("a lectern without a book (hasBook missing, so false) reads %+v", f)
	}
	if c := lectern.When[0]; c.Pos.Line != 11 {
		t.Errorf("the case's forms are at %v, want line 11", c.Pos)
	}
}

// Mistakes in words are reported at their place.
func TestLoadWordsErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"items:\n  Bread: {words: {a: a loaf of bread}}\n", `pack.yaml:2:22: item Bread words a: the words start with an article, a`},
		{"items:\n  Bread: {words: {a: loaf, an: loaf}}\n", `pack.yaml:2:28: item Bread words: give a or an, not both`},
		{"items:\n  Bread: {words: {one: loaf}}\n", `pack.yaml:2:19: unknown key "one" in item Bread words`},
		{"items:\n  Bread: {words: {some: \"\"}}\n", `pack.yaml:2:25: item Bread words some is empty`},
		{"items:\n  Lamp: {words: {when: [{a: lit lamp}]}}\n", `pack.yaml:2:25: item Lamp words when: a case needs if`},
		{"items:\n  Lamp: {words: {when: [{if: {lit: true}}]}}\n", `pack.yaml:2:25: item Lamp words when: a case needs a form`},
		{"items:\n  Lamp: {words: {when: {lit: lamp}}}\n", `pack.yaml:2:24: item Lamp words when must be a list`},
	} {
		if got := loadError(t, c.src); !strings.Contains(got, c.want) {
			t.Errorf("%q:\ngot  %s\nwant %s", c.src, got, c.want)
		}
	}
}

// A state's properties must be the item's, of the kind it gives them.
func TestValidateWords(t *testing.T) {
	p := loadString(t, `items:
  Lamp: {props: {lit: false}, words: {when: [{if: {lit: 2}, a: bright lamp}, {if: {glowing: true}, a: glowing lamp}]}}
rules: |
  Lamp[lit: true] ::= Light Lamp
areas:
  - {name: A, start: true, goals: ["Lamp[lit: true]"]}
`)
	errs, warns := Validate(p)
	if !strings.Contains(errs.Error(), "pack.yaml:2:46: item Lamp words: case [lit: 2]: the item's lit is a boolean, not an integer") {
		t.Errorf("errors:\n%v", errs)
	}
	if !strings.Contains(warns.Error(), "neither the item nor a rule gives it the property glowing") {
		t.Errorf("warnings:\n%v", warns)
	}
}

// The words section gives the forms of types that are no item, and names only such types.
func TestTypeWords(t *testing.T) {
	p := loadString(t, `items:
  Log: {isa: [Fuel]}
words:
  Fuel: {some: fuel}
  Log: {a: log}
  Fule: {some: fuel}
rules: |
  Log ::= Chop Log
areas:
  - {name: A, start: true, goals: [Log]}
`)
	if f := p.TypeWords["Fuel"]; f.Some != "fuel" {
		t.Errorf("fuel: %+v", f)
	}
	errs, _ := Validate(p)
	for _, want := range []string{"pack.yaml:5:3: words of Log: Log is an item", "pack.yaml:6:3: words of Fule: no item is of type Fule"} {
		if !strings.Contains(errs.Error(), want) {
			t.Errorf("errors lack %q:\n%v", want, errs)
		}
	}
}

// A boolean property named as several words needs words for its states: it reads as no adjective.
func TestValidateWordsOfPropertyNames(t *testing.T) {
	src := `items:
  Lectern: {props: {hasBook: false, open_bit: false}WORDS}
rules: |
  Lectern[hasBook: true] ::= Place Lectern
areas:
  - {name: A, start: true, goals: ["Lectern[hasBook: true]"]}
`
	_, warns := Validate(loadString(t, strings.Replace(src, "WORDS", "", 1)))
	if !strings.Contains(warns.Error(), "pack.yaml:2:30: warning: item Lectern: property hasBook is several words") || strings.Contains(warns.Error(), "open_bit") {
		t.Errorf("warnings:\n%v", warns)
	}
	_, warns = Validate(loadString(t, strings.Replace(src, "WORDS", ", words: {when: [{if: {hasBook: true}, a: lectern holding a book}]}", 1)))
	if strings.Contains(warns.Error(), "several words") {
		t.Errorf("with words for its states:\n%v", warns)
	}
}
