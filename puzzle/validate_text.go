package puzzle

import (
	"fmt"
	"maps"
	"slices"
)

// checkTexts checks the text section: each name is an action or an item, done and ask lines belong to actions
// and say lines to items, and every placeholder has something to fill it.
func (v *validator) checkTexts() {
	actions := map[string][]*Rule{}
	for _, r := range slices.Concat(v.p.Rules, v.p.FailRules) {
		actions[r.Action] = append(actions[r.Action], r)
	}
	for _, name := range sortedTextNames(v.p) {
		t := v.p.Texts[name]
		rules, isAction := actions[name]
		_, isItem := v.p.Items[name]
		if !isAction && !isItem {
			names := slices.Concat(slices.Collect(maps.Keys(actions)), v.p.ItemOrder)
			v.errs.AddHint(t.Pos, fmt.Sprintf("text for %s: no rule has the action %s and no item is named so", name, name), DidYouMean(name, names))
			continue
		}
		for what, lines := range map[string][]*Template{"done": t.Done, "ask": {t.Ask}} {
			for _, line := range lines {
				switch {
				case line == nil:
				case !isAction:
					v.errorf(t.keys[what], "%s is a line of an action, but no rule has the action %s (for the item, give say)", what, name)
				default:
					v.checkActionLine(name, what, line, fitless(v.p, rules, lines, line), t.keys[what])
				}
			}
		}
		for what, line := range map[string]*Template{"say": t.Say, "wants": t.Wants} {
			switch {
			case line == nil:
			case !isItem:
				v.errorf(t.keys[what], "%s is the line of an item, but no item is named %s (for the action, give done or ask)", what, name)
			default:
				v.checkSayLine(name, line)
			}
		}
	}
}

// fitless returns the rules a line is checked against: all of them when it is the action's only line, else those
// it fits and those no line of the list fits, so that a line written for the rules with three ingredients is not
// faulted for the rules with two, which another line tells. A line no rule fits at all is checked against every
// rule.
func fitless(p *Pack, rules []*Rule, lines []*Template, line *Template) []*Rule {
	if len(lines) < 2 {
		return rules
	}
	var out []*Rule
	fits := false
	for _, r := range rules {
		if p.Fits(r, line) {
			fits = true
			out = append(out, r)
		} else if !slices.ContainsFunc(lines, func(l *Template) bool { return l != nil && p.Fits(r, l) }) {
			out = append(out, r)
		}
	}
	if !fits {
		return rules
	}
	return out
}

// checkActionLine checks the placeholders of an action's done or ask line against the action's rules (for an ask
// line, those with someone to ask): each must be filled by one rule at least, and a rule that cannot fill one says
// its generated line instead (a warning).
func (v *validator) checkActionLine(action, what string, line *Template, rules []*Rule, at Pos) {
	if what == "ask" {
		// Only a rule with a person or animal has someone to ask.
		rules = slices.DeleteFunc(slices.Clone(rules), func(r *Rule) bool { npc, _ := v.p.TextRoles(r); return npc < 0 })
		if len(rules) == 0 {
			v.errorf(at, "ask is said by the person or animal an action is done with, but no rule of %s has one "+
				"(an input whose items are all entities that cannot be carried)", action)
			return
		}
	}
	for _, s := range line.Slots() {
		if s.Name == "item" {
			v.errs.AddHint(s.Pos, "{item} is for an item's say line", "an action's lines have {npc}, {input}, {output}, {area} and {player}")
			continue
		}
		if v.badArticle(s) {
			continue
		}
		var cannot []*Rule
		for _, r := range rules {
			if !v.p.CanFill(r, s) {
				cannot = append(cannot, r)
			}
		}
		switch {
		case len(cannot) == len(rules):
			v.errorf(s.Pos, "%s has nothing to fill it: %s", s, unfillable(action, s))
		case len(cannot) > 0:
			v.warnf(s.Pos, "%s has nothing to fill it in the rule %s (%s): the generated line is said there", s, cannot[0], cannot[0].Pos)
		}
	}
}

// unfillable says why no rule of an action fills a placeholder.
func unfillable(action string, s Slot) string {
	switch s.Name {
	case "npc":
		return fmt.Sprintf("no rule of %s is done with a person or animal (an input whose items are all entities that cannot be carried)", action)
	case "input":
		return fmt.Sprintf("no rule of %s has %s besides the person or animal", action, plural(int64(s.N), "input"))
	}
	return fmt.Sprintf("no rule of %s has %s", action, plural(int64(s.N), "output"))
}

// checkSayLine checks the placeholders of an item's say line: it has no rule, so only {item}, {area} and
// {player}.
func (v *validator) checkSayLine(item string, line *Template) {
	for _, s := range line.Slots() {
		switch s.Name {
		case "item", "area", "player":
			v.badArticle(s)
		default:
			v.errs.AddHint(s.Pos, fmt.Sprintf("%s is for an action's lines, not the say line of the item %s", s, item),
				"an item's say line has {item}, {area} and {player}")
		}
	}
}

// badArticle reports, as an error, an article before {player}, which is a name.
func (v *validator) badArticle(s Slot) bool {
	if s.Name != "player" || s.Article == "" {
		return false
	}
	at := s.At
	at.Col++
	v.errs.AddHint(at, fmt.Sprintf("%s: the player's name takes no article", s), "write {player}")
	return true
}
