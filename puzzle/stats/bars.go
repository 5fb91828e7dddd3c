package stats

import "fmt"

// Bars are the least a pack's figures must reach (issue 24): percents are of puzzles, steps or games as the
// figures count them.
type Bars struct {
	MaxSameAgain     float64 // no area's chance of the same puzzle again above this percent
	MinDistinct      float64 // distinct trees per 1 000 games
	MinParallel      float64 // percent of puzzles with parallel sub-goals
	MaxShortAway     float64 // percent of puzzles outside the start area with at most two steps
	MinRamp          float64 // percent of games that ramp
	MinAlternatives  float64 // percent of puzzles with two different solutions
	MaxUnannounced   int     // carried-in objects nothing announces
	MaxAbsurd        float64 // percent of absurd steps
	MaxLeftOut       float64 // percent of steps whose line leaves out a carried input
	MaxMuteHerrings  float64 // percent of red herrings that are people or animals asking for nothing
	EveryRuleAndGoal bool    // every rule and every goal used
}

// Issue24 are the bars issue 24 holds the default pack to.
var Issue24 = Bars{
	MaxSameAgain:     5,
	MinDistinct:      500,
	MinParallel:      60,
	MaxShortAway:     10,
	MinRamp:          90,
	MinAlternatives:  25,
	MaxUnannounced:   0,
	MaxAbsurd:        2,
	MaxLeftOut:       0,
	MaxMuteHerrings:  0,
	EveryRuleAndGoal: true,
}

// Miss is a bar the figures do not reach: its name, the figure and the bar.
type Miss struct {
	Bar  string
	Have string
	Want string
}

// String says what was missed: "parallel sub-goals: 39.0 % (390 of 1000), want >= 60 %".
func (m Miss) String() string { return fmt.Sprintf("%s: %s, want %s", m.Bar, m.Have, m.Want) }

// Check returns every bar the figures miss, in the order of Bars' fields; failed games are a miss too.
func (f *Figures) Check(b Bars) []Miss {
	var out []Miss
	miss := func(bar string, ok bool, have string, want string, args ...any) {
		if !ok {
			out = append(out, Miss{Bar: bar, Have: have, Want: fmt.Sprintf(want, args...)})
		}
	}
	miss("failed games", len(f.Failed) == 0, fmt.Sprint(len(f.Failed)), "0")
	if b.EveryRuleAndGoal {
		miss("rules never used", len(f.RulesUnused) == 0, fmt.Sprint(len(f.RulesUnused))+list(f.RulesUnused), "0")
		miss("goals never used", len(f.GoalsUnused) == 0, fmt.Sprint(len(f.GoalsUnused))+list(f.GoalsUnused), "0")
	}
	for _, a := range f.SameAgain {
		miss("same puzzle again in "+a.Area, a.Percent <= b.MaxSameAgain, fmt.Sprintf("%.1f %%", a.Percent), "<= %g %%", b.MaxSameAgain)
	}
	miss("distinct trees per 1 000 games", f.DistinctPer1000() >= b.MinDistinct, fmt.Sprintf("%.0f", f.DistinctPer1000()), ">= %g", b.MinDistinct)
	miss("parallel sub-goals", f.Parallel.Percent() >= b.MinParallel, f.Parallel.String(), ">= %g %%", b.MinParallel)
	miss("<= 2 steps outside the start area", f.ShortAway.Percent() <= b.MaxShortAway, f.ShortAway.String(), "<= %g %%", b.MaxShortAway)
	miss("games that ramp", f.Ramp.Percent() >= b.MinRamp, f.Ramp.String(), ">= %g %%", b.MinRamp)
	miss("two different solutions", f.Alternatives.Percent() >= b.MinAlternatives, f.Alternatives.String(), ">= %g %%", b.MinAlternatives)
	miss("unannounced carried-in objects", f.Unannounced <= b.MaxUnannounced, fmt.Sprint(f.Unannounced), "<= %d", b.MaxUnannounced)
	miss("absurd steps", f.Absurd.Percent() <= b.MaxAbsurd, f.Absurd.String(), "<= %g %%", b.MaxAbsurd)
	miss("done lines leaving out an input", f.LeftOut.Percent() <= b.MaxLeftOut, f.LeftOut.String(), "<= %g %%", b.MaxLeftOut)
	miss("red herrings asking for nothing", f.MuteHerrings.Percent() <= b.MaxMuteHerrings, f.MuteHerrings.String(), "<= %g %%", b.MaxMuteHerrings)
	return out
}
