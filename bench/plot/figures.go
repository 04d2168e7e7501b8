package main

import (
	"cmp"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

const figWidth, figHeight = 7 * vg.Inch, 4.5 * vg.Inch

// machine names where the numbers come from, on every figure.
const machine = "2 shared cores, loaded"

type figure struct {
	file  string
	draw  func(data string) (*plot.Plot, error)
	width vg.Length // 0: figWidth
}

var figures = []figure{
	{"latency.png", drawLatency, 0},
	{"bandwidth.png", drawBandwidth, 0},
	{"vis.png", drawVIS, 0},
	{"aggregation.png", drawAggregation, 10 * vg.Inch},
	{"collectives.png", drawCollectives, 0},
}

func readGoBench(data, name string) (goBench, error) {
	f, err := os.Open(filepath.Join(data, name))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseGoBench(f)
}

func readMPIRun(data string) (*mpiRun, error) {
	f, err := os.Open(filepath.Join(data, "mpi.txt"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseMPIRun(f)
}

// newPlot is a plot with a title, axis labels and the legend bottom
// right, where curves that rise with the size leave room.
func newPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title + "\n(" + machine + ")"
	p.Title.TextStyle.Font.Size = vg.Points(12)
	p.X.Label.Text = x
	p.Y.Label.Text = y
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	p.Legend.XOffs, p.Legend.YOffs = -vg.Points(6), vg.Points(6)
	p.Add(plotter.NewGrid())
	return p
}

// logXY makes both axes logarithmic; x counts bytes if bytes is set.
func logXY(p *plot.Plot, bytes bool) {
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.Y.Tick.Marker = powerTicks{base: 10, label: decimal}
	p.X.Tick.Marker = powerTicks{base: 10, label: decimal}
	if bytes {
		p.X.Tick.Marker = powerTicks{base: 8, label: sizeLabel}
	}
}

// powerTicks marks the powers of base, labelled by label.
type powerTicks struct {
	base  float64
	label func(float64) string
}

func (t powerTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	k := math.Floor(math.Log(lo) / math.Log(t.base))
	for v := math.Pow(t.base, k); v <= hi*1.0001; k, v = k+1, math.Pow(t.base, k+1) {
		if v >= lo*0.9999 {
			ts = append(ts, plot.Tick{Value: v, Label: t.label(v)})
		}
	}
	return ts
}

// decimal writes a power of ten as 0.001, 1, 1000, 1e+06.
func decimal(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// sizeLabel writes a byte count as 8 B, 4 KiB, 2 MiB.
func sizeLabel(v float64) string {
	n := int64(math.Round(v))
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d B", n)
}

// mpiConfigs names bench/mpi/run.sh's configurations in the legends.
var mpiConfigs = map[string]string{
	"openmpi-shm":        "Open MPI shm",
	"openmpi-shm-nopshm": "Open MPI shm, no PSHM",
	"openmpi-tcp":        "Open MPI TCP",
	"mpich-shm":          "MPICH shm",
	"mpich-shm-nopshm":   "MPICH shm, no PSHM",
	"mpich-tcp":          "MPICH TCP",
}

// sizeSeries collects, from an MPI report's measurements named
// prefix<size>, the sizes and one side's values.
func sizeSeries(vals map[string]rawUpcgo, prefix string, side func(rawUpcgo) float64, scale float64) plotter.XYs {
	re := regexp.MustCompile("^" + regexp.QuoteMeta(prefix) + `(\d+)$`)
	var xys plotter.XYs
	for name, v := range vals {
		m := re.FindStringSubmatch(name)
		if m == nil || side(v) <= 0 {
			continue
		}
		size, _ := strconv.ParseFloat(m[1], 64)
		xys = append(xys, plotter.XY{X: size, Y: side(v) * scale})
	}
	sortByX(xys)
	return xys
}

// smpSeries collects BenchmarkBandwidth/<kind>/<size> (8B, 64KiB, 4MiB)
// as f gives it.
func smpSeries(b goBench, kind string, f func(goBench, string) (float64, bool), scale float64) plotter.XYs {
	re := regexp.MustCompile(`^BenchmarkBandwidth/` + regexp.QuoteMeta(kind) + `/(\d+)(B|KiB|MiB)$`)
	unit := map[string]float64{"B": 1, "KiB": 1 << 10, "MiB": 1 << 20}
	var xys plotter.XYs
	for name := range b {
		m := re.FindStringSubmatch(name)
		if m == nil {
			continue
		}
		n, _ := strconv.ParseFloat(m[1], 64)
		if v, ok := f(b, name); ok {
			xys = append(xys, plotter.XY{X: n * unit[m[2]], Y: v * scale})
		}
	}
	sortByX(xys)
	return xys
}

// sortByX orders a series along the x axis.
func sortByX(xys plotter.XYs) {
	slices.SortFunc(xys, func(a, b plotter.XY) int { return cmp.Compare(a.X, b.X) })
}

// addLines adds named series, skipping empty ones.
func addLines(p *plot.Plot, series ...any) error {
	var args []any
	for i := 0; i < len(series); i += 2 {
		if xys := series[i+1].(plotter.XYs); len(xys) > 0 {
			args = append(args, series[i], xys)
		}
	}
	if len(args) == 0 {
		return fmt.Errorf("no data")
	}
	if err := plotutil.AddLinePoints(p, args...); err != nil {
		return err
	}
	legendRoom(p, len(args)/2)
	return nil
}

// legendRoom lowers the bottom of a logarithmic y axis so that the legend,
// bottom right, lies below every curve: each entry takes about a
// twenty-fifth of the plot's height.
func legendRoom(p *plot.Plot, entries int) {
	frac := math.Min(0.04*float64(entries)+0.03, 0.6)
	decades := math.Log10(p.Y.Max / p.Y.Min)
	p.Y.Min /= math.Pow(10, decades*frac/(1-frac))
}

// drawSizes draws a measure against the transfer size: smp's series
// from runtime/gasnet's BenchmarkBandwidth, then raw MPI's and upcgo's
// from the MPI report's measurements named mpiPrefix<size>.
func drawSizes(data, title, ylabel string, smp func(goBench) []any, mpiPrefix string) (*plot.Plot, error) {
	b, err := readGoBench(data, "smp-bandwidth.txt")
	if err != nil {
		return nil, err
	}
	mpi, err := readMPIRun(data)
	if err != nil {
		return nil, err
	}
	p := newPlot(title, "transfer size", ylabel)
	logXY(p, true)
	series := smp(b)
	for _, c := range mpi.configs {
		v := mpi.values[c]
		// A side whose runs failed has only what the last one printed
		// before it was stopped: not a measurement.
		if mpi.failed[c]["raw"] == 0 {
			series = append(series, "raw MPI, "+mpiConfigs[c], sizeSeries(v, mpiPrefix, func(x rawUpcgo) float64 { return x.raw }, 1))
		}
		if mpi.failed[c]["upcgo"] == 0 {
			series = append(series, "upcgo, "+mpiConfigs[c], sizeSeries(v, mpiPrefix, func(x rawUpcgo) float64 { return x.upcgo }, 1))
		}
	}
	return p, addLines(p, series...)
}

func drawLatency(data string) (*plot.Plot, error) {
	return drawSizes(data, "Blocking put to another thread", "time per put (µs)", func(b goBench) []any {
		return []any{"upcgo smp (one process)", smpSeries(b, "put", goBench.ns, 1e-3)}
	}, "put_lat_")
}

func drawBandwidth(data string) (*plot.Plot, error) {
	return drawSizes(data, "Put bandwidth: a window of puts, then one synchronisation", "bandwidth (MB/s)", func(b goBench) []any {
		return []any{
			"Go copy() in one process", smpSeries(b, "copy", goBench.mbps, 1),
			"upcgo smp, blocking puts", smpSeries(b, "put", goBench.mbps, 1),
		}
	}, "put_bw_")
}

func drawVIS(data string) (*plot.Plot, error) {
	b, err := readGoBench(data, "vis.txt")
	if err != nil {
		return nil, err
	}
	re := regexp.MustCompile(`^BenchmarkVIS/N=(\d+)/get/(\w+)$`)
	byKind := map[string]plotter.XYs{}
	for name := range b {
		m := re.FindStringSubmatch(name)
		if m == nil {
			continue
		}
		n, _ := strconv.ParseFloat(m[1], 64)
		ns, _ := b.ns(name)
		byKind[m[2]] = append(byKind[m[2]], plotter.XY{X: n, Y: ns * 1e-3})
	}
	for _, xys := range byKind {
		sortByX(xys)
	}
	p := newPlot("Getting every other 8-byte element of a shared row (smp)", "elements N", "time per transfer (µs)")
	logXY(p, false)
	return p, addLines(p,
		"element loop: N upc_memget of 8 B", byKind["loop"],
		"one upc_memget_ilist (N regions)", byKind["indexed"],
		"one upc_memget_strided", byKind["strided"],
		"one upc_memget of the N·8 packed bytes", byKind["contiguous"])
}

func drawAggregation(data string) (*plot.Plot, error) {
	f, err := os.Open(filepath.Join(data, "aggregate.txt"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	a, err := parseAggRun(f)
	if err != nil {
		return nil, err
	}
	type column struct {
		label  string
		config string
		procs  int
		kernel string
	}
	var cols []column
	for _, k := range []string{"colsum", "halo", "spmv"} {
		for _, c := range []struct {
			config, label string
		}{{"smp", "smp"}, {"mpi-shm-nopshm", "MPI shm"}, {"mpi-tcp", "MPI TCP"}} {
			for _, n := range []int{2, 4} {
				if _, ok := a[aggKey{c.config, n, "aggregate", k}]; ok {
					cols = append(cols, column{fmt.Sprintf("%s\n%s\n%d procs", k, c.label, n), c.config, n, k})
				}
			}
		}
	}
	if len(cols) == 0 {
		return nil, fmt.Errorf("no data")
	}
	p := newPlot("Fine-grained loops with and without aggregation", "kernel, network × processes (MPI: no PSHM)", "time per repetition (ms)")
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = powerTicks{base: 10, label: decimal}
	names := make([]string, len(cols))
	var with, without plotter.XYs
	for i, c := range cols {
		names[i] = c.label
		if v, ok := a[aggKey{c.config, c.procs, "aggregate", c.kernel}]; ok && v > 0 {
			with = append(with, plotter.XY{X: float64(i), Y: v})
		}
		if v, ok := a[aggKey{c.config, c.procs, "no-aggregate", c.kernel}]; ok && v > 0 {
			without = append(without, plotter.XY{X: float64(i), Y: v})
		}
	}
	p.NominalX(names...)
	p.X.Tick.Label.Font.Size = vg.Points(7)
	s1, err := markers(without, 0)
	if err != nil {
		return nil, err
	}
	s2, err := markers(with, 1)
	if err != nil {
		return nil, err
	}
	p.Add(s1, s2)
	p.Legend.Add("-fno-aggregate (the loop as written)", s1)
	p.Legend.Add("aggregated (one transfer per owner)", s2)
	legendRoom(p, 2)
	return p, nil
}

// markers draws points in plotutil's i-th shape and colour.
func markers(xys plotter.XYs, i int) (*plotter.Scatter, error) {
	s, err := plotter.NewScatter(xys)
	if err != nil {
		return nil, err
	}
	s.GlyphStyle.Shape = plotutil.Shape(i)
	s.GlyphStyle.Color = plotutil.Color(i)
	s.GlyphStyle.Radius = vg.Points(4)
	return s, nil
}

func drawCollectives(data string) (*plot.Plot, error) {
	b, err := readGoBench(data, "coll.txt")
	if err != nil {
		return nil, err
	}
	threads := []float64{1, 2, 4, 8, 16, 32, 64}
	series := func(prefix string) plotter.XYs {
		var xys plotter.XYs
		for _, t := range threads {
			if ns, ok := b.ns(fmt.Sprintf("%sthreads=%d", prefix, int(t))); ok {
				xys = append(xys, plotter.XY{X: t, Y: ns * 1e-3})
			}
		}
		return xys
	}
	p := newPlot("Collectives against THREADS (smp: every thread a goroutine)", "THREADS", "time per call (µs)")
	logXY(p, false)
	p.X.Tick.Marker = powerTicks{base: 2, label: func(v float64) string { return strconv.Itoa(int(v)) }}
	return p, addLines(p,
		"upc_all_broadcast 8 B, allsync", series("BenchmarkCollBroadcast/allsync/"),
		"upc_all_reduceL, allsync", series("BenchmarkCollReduce/allsync/"),
		"upc_barrier", series("BenchmarkCollBarrier/"),
		"upc_all_broadcast 8 B, nosync", series("BenchmarkCollBroadcast/nosync/"),
		"upc_all_reduceL, nosync", series("BenchmarkCollReduce/nosync/"))
}
