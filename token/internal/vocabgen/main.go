// Command vocabgen writes the vocabulary tables that package token embeds.
// It reads the .tiktoken files shipped in github.com/pkoukk/tiktoken-go-loader
// (the files tiktoken-go's offline loader parses at run time) and is run from
// package token's directory by go generate.
package main

import (
	"flag"
	"log"
	"os"
	"path/filepath"

	"github.com/headroom-cli/headroom/token/internal/vocab"
	"github.com/pkoukk/tiktoken-go-loader/assets"
)

func main() {
	out := flag.String("out", "data", "output directory")
	flag.Parse()
	for _, name := range vocab.Names {
		src, err := assets.Assets.ReadFile(name + ".tiktoken")
		if err != nil {
			log.Fatalf("vocabgen: %v", err)
		}
		table, err := vocab.Generate(name, src)
		if err != nil {
			log.Fatalf("vocabgen: %s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(*out, name+".hrv"), table, 0o644); err != nil {
			log.Fatalf("vocabgen: %v", err)
		}
	}
}
