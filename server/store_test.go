package server

import (
	"strings"
	"testing"
)

// The [Store] section: LevelDB by default, PostgreSQL with a URL, and each mistake reported at its key.
func TestStoreSection(t *testing.T) {
	c, err := ParseConfig("c.toml", nil)
	if err != nil || c.Store.Kind != "leveldb" || c.Store.URL != "" || c.Store.LeaseSeconds != 15 {
		t.Fatalf("default store: %+v, %v", c.Store, err)
	}
	c, err = ParseConfig("c.toml", []byte("[Store]\nKind = \"postgres\"\nURL = \"postgres://rs:pw@127.0.0.1:5432/world\"\n"))
	if err != nil || c.Store.Kind != "postgres" || c.Store.URL != "postgres://rs:pw@127.0.0.1:5432/world" {
		t.Fatalf("postgres store: %+v, %v", c.Store, err)
	}
	const pg = "[Store]\nKind = \"postgres\"\nURL = \"postgres://rs:pw@127.0.0.1:5432/world\"\n"
	c, err = ParseConfig("c.toml", []byte(pg+"RegionAreas = 8\nRegions = [\"r0,0\", \"r-1,2\"]\n"))
	if err != nil || c.Store.RegionAreas != 8 || len(c.Store.Regions) != 2 || c.Store.Regions[1] != "r-1,2" {
		t.Fatalf("regions: %+v, %v", c.Store, err)
	}
	if c, err := ParseConfig("c.toml", nil); err != nil || c.Store.RegionAreas != 0 || len(c.Store.Regions) != 0 {
		t.Fatalf("default regions: %+v, %v", c.Store, err)
	}
	for _, tc := range []struct{ src, want string }{
		{"[Store]\nKind = \"sqlite\"\n", "c.toml:2:8: Store.Kind: \"sqlite\" is not a kind of store: use \"leveldb\" or \"postgres\""},
		{"[Store]\nKind = \"postgres\"\n", "c.toml:2:8: Store.Kind: \"postgres\" needs Store.URL"},
		{"[Store]\nKind = \"postgres\"\nURL = \"postgres://rs:s3cret@db:port/world\"\n", "c.toml:3:7: Store.URL: not a PostgreSQL connection URL"},
		{"[Store]\nURL = \"postgres://127.0.0.1/world\"\n", "c.toml:2:7: Store.URL: is for Kind = \"postgres\""},
		{"[Store]\nKnd = \"postgres\"\n", "c.toml:2:1: unknown key Store.Knd"},
		{"[Store]\nLeaseSeconds = 0\n", "c.toml:2:16: Store.LeaseSeconds: 0 is not between 1 and 3600 seconds"},
		{"[Store]\nKind = \"postgres\"\nURL = \"host=db port=x password=s3cret\"\n", "c.toml:3:7: Store.URL: not a PostgreSQL connection URL"},
		{pg + "RegionAreas = -1\n", "c.toml:4:15: Store.RegionAreas: -1 is not between 0 and 1024 areas"},
		{pg + "RegionAreas = 4\nRegions = [\"r0,0\", \"north\"]\n", "c.toml:5:11: Store.Regions: region \"north\": want rX,Z such as \"r0,0\""},
		{pg + "Regions = [\"r0,0\"]\n", "c.toml:4:11: Store.Regions: region \"r0,0\": the world is one region, \"world\", while RegionAreas is 0"},
		{"[Store]\nRegionAreas = 4\n", "c.toml:2:15: Store.RegionAreas: is for Kind = \"postgres\""},
		{"[Store]\nRegions = [\"world\"]\n", "c.toml:2:11: Store.Regions: is for Kind = \"postgres\""},
	} {
		_, err := ParseConfig("c.toml", []byte(tc.src))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q:\ngot  %v\nwant %s...", tc.src, err, tc.want)
		}
		if err != nil && (strings.Contains(err.Error(), "s3cret") || strings.Contains(tc.src, "s3cret") && !strings.Contains(err.Error(), "***")) {
			t.Errorf("the error shows the password: %v", err)
		}
	}
}
