package main

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// The benchmark outputs the figures are drawn from, as the commands in
// docs/PERFORMANCE.md print them.

// goBench is go test -bench output: every result of every run, by name
// (the GOMAXPROCS suffix removed).
type goBench map[string][]goResult

type goResult struct {
	nsPerOp, mbPerS float64
}

var goBenchRE = regexp.MustCompile(`^(Benchmark\S+?)(?:-\d+)?\s+\d+\s+([0-9.]+) ns/op(?:\s+([0-9.]+) MB/s)?`)

func parseGoBench(r io.Reader) (goBench, error) {
	b := goBench{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		m := goBenchRE.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		ns, err := strconv.ParseFloat(m[2], 64)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", sc.Text(), err)
		}
		res := goResult{nsPerOp: ns}
		if m[3] != "" {
			if res.mbPerS, err = strconv.ParseFloat(m[3], 64); err != nil {
				return nil, fmt.Errorf("%q: %v", sc.Text(), err)
			}
		}
		b[m[1]] = append(b[m[1]], res)
	}
	return b, sc.Err()
}

// ns is the median time per operation of the benchmark name, ok false if
// the output has no such benchmark.
func (b goBench) ns(name string) (float64, bool) {
	return b.median(name, func(r goResult) float64 { return r.nsPerOp })
}

// mbps is its median throughput.
func (b goBench) mbps(name string) (float64, bool) {
	return b.median(name, func(r goResult) float64 { return r.mbPerS })
}

func (b goBench) median(name string, f func(goResult) float64) (float64, bool) {
	rs := b[name]
	if len(rs) == 0 {
		return 0, false
	}
	v := make([]float64, len(rs))
	for i, r := range rs {
		v[i] = f(r)
	}
	return median(v), true
}

func median(v []float64) float64 {
	v = slices.Clone(v)
	slices.Sort(v)
	if n := len(v); n%2 == 0 {
		return (v[n/2-1] + v[n/2]) / 2
	}
	return v[len(v)/2]
}

// mpiRun is bench/mpi/run.sh's report: per configuration, per
// measurement, raw MPI's and upcgo's medians.
type mpiRun struct {
	configs []string // in the report's order
	values  map[string]map[string]rawUpcgo
	// failed counts the runs of a configuration that failed or timed
	// out, by side ("raw", "upcgo"): run.sh reports them on standard
	// error just before the configuration's section.
	failed map[string]map[string]int
}

type rawUpcgo struct {
	raw, upcgo float64 // 0: not measured ("-")
}

func parseMPIRun(r io.Reader) (*mpiRun, error) {
	m := &mpiRun{values: map[string]map[string]rawUpcgo{}, failed: map[string]map[string]int{}}
	config := ""
	failed := map[string]int{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		if f := failedRE.FindStringSubmatch(line); f != nil {
			failed[f[1]]++
			continue
		}
		if rest, ok := strings.CutPrefix(line, "## "); ok {
			config, _, _ = strings.Cut(rest, ":")
			m.configs = append(m.configs, config)
			m.values[config] = map[string]rawUpcgo{}
			m.failed[config], failed = failed, map[string]int{}
			continue
		}
		f := strings.Fields(line)
		if config == "" || len(f) != 4 || strings.HasPrefix(line, "#") {
			continue
		}
		var v rawUpcgo
		for i, p := range []*float64{&v.raw, &v.upcgo} {
			if f[1+i] == "-" {
				continue
			}
			x, err := strconv.ParseFloat(f[1+i], 64)
			if err != nil {
				return nil, fmt.Errorf("%q: %v", line, err)
			}
			*p = x
		}
		m.values[config][f[0]] = v
	}
	return m, sc.Err()
}

var failedRE = regexp.MustCompile(`^# (raw|upcgo) run \d+ failed or timed out`)

// aggRun is bench/aggregate/run.sh's output: the time per repetition of
// each kernel, by configuration, process count and pass.
type aggRun map[aggKey]float64 // milliseconds

type aggKey struct {
	config string // smp, mpi-shm, mpi-shm-nopshm, mpi-tcp
	procs  int
	pass   string // aggregate or no-aggregate
	kernel string // the program's first word: colsum, halo, spmv, gups
}

var (
	aggLineRE = regexp.MustCompile(`^(\S+)\s+n=(\d+)\s+(aggregate|no-aggregate)\s+(\S+)`)
	msRE      = regexp.MustCompile(`([0-9.]+) ms`)
)

func parseAggRun(r io.Reader) (aggRun, error) {
	a := aggRun{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		m := aggLineRE.FindStringSubmatch(line)
		t := msRE.FindStringSubmatch(line)
		if m == nil || t == nil {
			continue
		}
		procs, _ := strconv.Atoi(m[2])
		ms, err := strconv.ParseFloat(t[1], 64)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", line, err)
		}
		a[aggKey{m[1], procs, m[3], m[4]}] = ms
	}
	return a, sc.Err()
}
