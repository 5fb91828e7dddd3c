// Command gentables writes package translate's block tables (blocks_gen.go) from the data files in
// translate/data. With -extract it first writes those data files from minecraft-data's blockStates.json.
//
//	go run ./internal/gentables                                  (in server/translate)
//	go run ./internal/gentables -extract ../../internal/bedrockjs/node_modules/minecraft-data/minecraft-data/data/bedrock
//
// minecraft-data gives 1.26.45 the block states of 1.26.40 (its dataPaths.json), so the server's file is
// extracted from the 1.26.40 folder.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"riddlestone/server/translate/internal/blockgen"
)

func main() {
	extract := flag.String("extract", "", "minecraft-data's data/bedrock folder to extract the data files from first")
	data := flag.String("data", "data", "the folder of the data files")
	out := flag.String("o", "blocks_gen.go", "the Go file to write")
	flag.Parse()
	if err := run(*extract, *data, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gentables:", err)
		os.Exit(1)
	}
}

// run extracts the data files when extract is set, then writes the tables.
func run(extract, data, out string) error {
	if extract != "" {
		if err := extractAll(extract, data); err != nil {
			return err
		}
	}
	src, err := blockgen.Generate(data)
	if err != nil {
		return err
	}
	return os.WriteFile(out, src, 0o644)
}

// sourceFolder is the minecraft-data folder holding each version's blockStates.json.
var sourceFolder = map[string]string{"1.26.45": "1.26.40", "1.26.51": "1.26.51", "1.26.60": "1.26.60"}

// extractAll writes the data file of every version from minecraft-data's folder dir.
func extractAll(dir, data string) error {
	for _, v := range append([]string{blockgen.ServerVersion}, blockgen.ClientVersions...) {
		if err := extractOne(filepath.Join(dir, sourceFolder[v], "blockStates.json"), blockgen.DataFile(data, v), v); err != nil {
			return err
		}
	}
	return nil
}

// extractOne writes the data file to of version from minecraft-data's blockStates.json at from.
func extractOne(from, to, version string) error {
	f, err := os.Open(from)
	if err != nil {
		return err
	}
	defer f.Close()
	states, err := blockgen.Extract(f)
	if err != nil {
		return err
	}
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	header := fmt.Sprintf("Block states of Minecraft %s in runtime-ID order: %d states.\nExtracted from minecraft-data 3.119.0, data/bedrock/%s/blockStates.json, by go run ./internal/gentables -extract.",
		version, len(states), sourceFolder[version])
	if err := blockgen.Write(out, header, states); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
