package puzzle

import "testing"

// In game, an area of the world's grid is an instance of a pack area: generation uses the template's tables, goals
// and item areas, and the spawned objects belong to the instance.
func TestGenerateForAnInstanceOfATemplate(t *testing.T) {
	p := heistPack()
	vault, _ := p.Area("Vault")
	inst := *vault
	inst.Name, inst.Template = "3,-2", "Vault"
	pz, err := NewGenerator(p).Generate(&inst, &World{}, seedRNG(1))
	if err != nil {
		t.Fatal(err)
	}
	if pz.Area != "3,-2" || pz.Goal.Type != "Gold" {
		t.Errorf("puzzle of %s with goal %s, want 3,-2 and Gold", pz.Area, pz.Goal)
	}
	for _, o := range pz.Spawned {
		if o.Area != "3,-2" {
			t.Errorf("spawned %v in %s, want the instance 3,-2", o, o.Area)
		}
	}
	unknown := Area{Name: "4,4", Template: "Nowhere", Goals: vault.Goals, MaxDepth: 5}
	if _, err := NewGenerator(p).Generate(&unknown, &World{}, seedRNG(1)); err == nil {
		t.Error("an instance of an unknown template generated a puzzle")
	}
}
