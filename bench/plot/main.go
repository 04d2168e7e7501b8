// Command plot draws the figures of docs/PERFORMANCE.md from the raw
// benchmark outputs committed in docs/data, so that they can be redrawn
// without running the benchmarks (make figures):
//
//	go run ./bench/plot [-data docs/data] [-out docs/figures]
//
// The raw outputs come from the commands in docs/data/README.md.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	data := flag.String("data", filepath.Join("docs", "data"), "folder of raw benchmark outputs")
	out := flag.String("out", filepath.Join("docs", "figures"), "folder to write the figures into")
	flag.Parse()
	if err := drawAll(*data, *out); err != nil {
		fmt.Fprintln(os.Stderr, "plot:", err)
		os.Exit(1)
	}
}

// drawAll draws every figure from the files in data into out.
func drawAll(data, out string) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	for _, f := range figures {
		p, err := f.draw(data)
		if err != nil {
			return fmt.Errorf("%s: %v", f.file, err)
		}
		w := f.width
		if w == 0 {
			w = figWidth
		}
		if err := p.Save(w, figHeight, filepath.Join(out, f.file)); err != nil {
			return fmt.Errorf("%s: %v", f.file, err)
		}
	}
	return nil
}
