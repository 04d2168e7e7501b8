package stdlib

import (
	"fmt"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/upcgo/upcgo/runtime/cmem"
)

// The calendar of time.h: struct tm, mktime, gmtime, localtime, asctime,
// ctime, strftime (C locale), difftime, and the POSIX clocks. Local time
// is Go's time.Local: the zone TZ (or /etc/localtime) named when the
// program started, as glibc reads it.

// cTm is struct tm as time.h lays it out (glibc's layout).
type cTm struct {
	Sec, Min, Hour, Mday, Mon, Year, Wday, Yday, Isdst int32
	_                                                  int32
	Gmtoff                                             int64
	Zone                                               uintptr
}

// Difftime is difftime(time1, time0): time1 - time0 in seconds.
func Difftime(time1, time0 int64) float64 { return float64(time1) - float64(time0) }

var zoneNames sync.Map // string -> uintptr of an immortal C string

// zoneName is an immortal C string holding name: tm_zone points to it.
func zoneName(name string) uintptr {
	if p, ok := zoneNames.Load(name); ok {
		return p.(uintptr)
	}
	p, _ := zoneNames.LoadOrStore(name, cmem.StaticString(name))
	return p.(uintptr)
}

// tmOf is t broken down as struct tm; gmt names the zone "GMT", as
// glibc's gmtime does.
func tmOf(t time.Time, gmt bool) cTm {
	zone, off := t.Zone()
	if gmt {
		zone = "GMT"
	}
	return cTm{
		Sec: int32(t.Second()), Min: int32(t.Minute()), Hour: int32(t.Hour()),
		Mday: int32(t.Day()), Mon: int32(t.Month()) - 1, Year: int32(t.Year() - 1900),
		Wday: int32(t.Weekday()), Yday: int32(t.YearDay() - 1), Isdst: int32(b2i(t.IsDST())),
		Gmtoff: int64(off), Zone: zoneName(zone),
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// tmBuf is the calling thread's static struct tm of gmtime and localtime.
func (st *State) tmBuf() uintptr {
	if st.tm == 0 {
		st.tm = cmem.Calloc(1, 56)
	}
	return st.tm
}

// breakDown stores the time at timer, in UTC or local time, at result.
func breakDown(timer, result uintptr, gmt bool) uintptr {
	t := time.Unix(cmem.Load[int64](timer), 0)
	if gmt {
		t = t.UTC()
	} else {
		t = t.Local()
	}
	if t.Year()-1900 > 1<<31-1 || t.Year()-1900 < -1<<31 {
		return 0 // EOVERFLOW in glibc
	}
	cmem.Store(result, tmOf(t, gmt))
	return result
}

// Gmtime is gmtime(timer): UTC, in the calling thread's buffer.
func Gmtime(st *State, timer uintptr) uintptr { return breakDown(timer, st.tmBuf(), true) }

// Localtime is localtime(timer): local time, in the calling thread's
// buffer.
func Localtime(st *State, timer uintptr) uintptr { return breakDown(timer, st.tmBuf(), false) }

// GmtimeR is gmtime_r(timer, result).
func GmtimeR(timer, result uintptr) uintptr { return breakDown(timer, result, true) }

// LocaltimeR is localtime_r(timer, result).
func LocaltimeR(timer, result uintptr) uintptr { return breakDown(timer, result, false) }

// Mktime is mktime(tm): the local time tm describes, whose fields may be
// out of range (they carry into the next ones, as C requires), as seconds
// since the epoch; tm is rewritten normalised, with tm_wday and tm_yday. A
// tm_isdst of 0 or more says whether the fields are in summer time; where
// that disagrees with the zone's rule the time moves by the difference,
// as glibc's does.
func Mktime(tmp uintptr) int64 {
	tm := cmem.Load[cTm](tmp)
	t := time.Date(int(tm.Year)+1900, time.Month(tm.Mon+1), int(tm.Mday), int(tm.Hour), int(tm.Min), int(tm.Sec), 0, time.Local)
	if tm.Isdst >= 0 && (tm.Isdst > 0) != t.IsDST() {
		_, now := t.Zone()
		// The zone's other offset in that year.
		y := t.Year()
		_, jan := time.Date(y, 1, 1, 0, 0, 0, 0, time.Local).Zone()
		_, jul := time.Date(y, 7, 1, 0, 0, 0, 0, time.Local).Zone()
		other := jan
		if other == now {
			other = jul
		}
		t = t.Add(time.Duration(now-other) * time.Second)
	}
	cmem.Store(tmp, tmOf(t, false))
	return t.Unix()
}

var (
	weekdays = [...]string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}
	months   = [...]string{"January", "February", "March", "April", "May", "June", "July",
		"August", "September", "October", "November", "December"}
)

// name is names[i], or "?" out of range (glibc's choice).
func name(names []string, i int32, abbr bool) string {
	if i < 0 || int(i) >= len(names) {
		return "?"
	}
	if abbr {
		return names[i][:3]
	}
	return names[i]
}

// ascBuf is the calling thread's static buffer of asctime and ctime.
func (st *State) ascBuf() uintptr {
	if st.asc == 0 {
		st.asc = cmem.Calloc(1, 64)
	}
	return st.asc
}

// Asctime is asctime(tm): C99's "Sun Sep 16 01:03:52 1973\n", in the
// calling thread's buffer.
func Asctime(st *State, tmp uintptr) uintptr {
	tm := cmem.Load[cTm](tmp)
	s := fmt.Sprintf("%.3s %.3s%3d %.2d:%.2d:%.2d %d\n\x00", name(weekdays[:], tm.Wday, true), name(months[:], tm.Mon, true),
		tm.Mday, tm.Hour, tm.Min, tm.Sec, int64(tm.Year)+1900)
	if len(s) > 64 {
		st.Errno = EOVERFLOW
		return 0
	}
	copy(cmem.Bytes(st.ascBuf(), uintptr(len(s))), s)
	return st.asc
}

// Ctime is ctime(timer): asctime(localtime(timer)).
func Ctime(st *State, timer uintptr) uintptr {
	tm := Localtime(st, timer)
	if tm == 0 {
		st.Errno = EOVERFLOW
		return 0
	}
	return Asctime(st, tm)
}

// Tzset is tzset(). The zone was read when the program started, and a
// UPC program cannot change its environment, so there is nothing new to
// read.
func Tzset() {}

// Strftime is strftime(s, maxsize, format, tm) in the C locale, with
// C99's conversions and glibc's %k %l %P %s and its flags _ - 0 ^ (the E
// and O modifiers and field widths are accepted and ignored). It returns
// the length written, or 0 when that and the NUL do not fit in maxsize.
func Strftime(s uintptr, maxsize uint64, format, tmp uintptr) uint64 {
	tm := cmem.Load[cTm](tmp)
	out := formatTm(cmem.GoString(format), &tm)
	if uint64(len(out)) >= maxsize {
		return 0
	}
	copy(cmem.Bytes(s, uintptr(len(out)+1)), out+"\x00")
	return uint64(len(out))
}

// formatTm expands strftime's format for tm.
func formatTm(f string, tm *cTm) string {
	var b []byte
	num := func(v int64, width int, pad byte) {
		s := strconv.FormatInt(v, 10)
		neg := v < 0
		if neg {
			s = s[1:]
			b = append(b, '-')
			width--
		}
		for i := len(s); i < width; i++ {
			b = append(b, pad)
		}
		b = append(b, s...)
	}
	year := int64(tm.Year) + 1900
	hour12 := func() int64 {
		h := int64(tm.Hour) % 12
		if h == 0 {
			h = 12
		}
		return h
	}
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c != '%' || i+1 >= len(f) {
			b = append(b, c)
			continue
		}
		i++
		// glibc's flag and width, then C99's E and O modifiers.
		pad := byte(0)
		for i < len(f) && (f[i] == '_' || f[i] == '-' || f[i] == '0' || f[i] == '^' || f[i] == '#') {
			pad = f[i]
			i++
		}
		for i < len(f) && f[i] >= '0' && f[i] <= '9' {
			i++
		}
		if i < len(f) && (f[i] == 'E' || f[i] == 'O') {
			i++
		}
		if i >= len(f) {
			break
		}
		padded := func(v int64, width int, def byte) {
			switch pad {
			case '_':
				num(v, width, ' ')
			case '-':
				num(v, 0, '0')
			case '0':
				num(v, width, '0')
			default:
				num(v, width, def)
			}
		}
		text := func(s string) {
			if pad == '^' {
				for j := 0; j < len(s); j++ {
					c := s[j]
					if c >= 'a' && c <= 'z' {
						c -= 'a' - 'A'
					}
					b = append(b, c)
				}
				return
			}
			b = append(b, s...)
		}
		switch f[i] {
		case 'a':
			text(name(weekdays[:], tm.Wday, true))
		case 'A':
			text(name(weekdays[:], tm.Wday, false))
		case 'b', 'h':
			text(name(months[:], tm.Mon, true))
		case 'B':
			text(name(months[:], tm.Mon, false))
		case 'c':
			text(formatTm("%a %b %e %H:%M:%S %Y", tm))
		case 'C':
			padded(floorDiv(year, 100), 2, '0')
		case 'd':
			padded(int64(tm.Mday), 2, '0')
		case 'D':
			text(formatTm("%m/%d/%y", tm))
		case 'e':
			padded(int64(tm.Mday), 2, ' ')
		case 'F':
			text(formatTm("%Y-%m-%d", tm))
		case 'g':
			y, _ := isoWeek(tm)
			padded(((y%100)+100)%100, 2, '0')
		case 'G':
			y, _ := isoWeek(tm)
			padded(y, 1, '0')
		case 'H':
			padded(int64(tm.Hour), 2, '0')
		case 'I':
			padded(hour12(), 2, '0')
		case 'j':
			padded(int64(tm.Yday)+1, 3, '0')
		case 'k':
			padded(int64(tm.Hour), 2, ' ')
		case 'l':
			padded(hour12(), 2, ' ')
		case 'm':
			padded(int64(tm.Mon)+1, 2, '0')
		case 'M':
			padded(int64(tm.Min), 2, '0')
		case 'n':
			b = append(b, '\n')
		case 'p':
			if tm.Hour >= 12 {
				text("PM")
			} else {
				text("AM")
			}
		case 'P':
			if tm.Hour >= 12 {
				b = append(b, "pm"...)
			} else {
				b = append(b, "am"...)
			}
		case 'r':
			text(formatTm("%I:%M:%S %p", tm))
		case 'R':
			text(formatTm("%H:%M", tm))
		case 's':
			p := cmem.Malloc(56)
			cmem.Store(p, *tm)
			b = strconv.AppendInt(b, Mktime(p), 10)
			cmem.Free(p)
		case 'S':
			padded(int64(tm.Sec), 2, '0')
		case 't':
			b = append(b, '\t')
		case 'T':
			text(formatTm("%H:%M:%S", tm))
		case 'u':
			padded((int64(tm.Wday)+6)%7+1, 1, '0')
		case 'U':
			padded((int64(tm.Yday)+7-int64(tm.Wday))/7, 2, '0')
		case 'V':
			_, w := isoWeek(tm)
			padded(w, 2, '0')
		case 'w':
			padded(int64(tm.Wday), 1, '0')
		case 'W':
			padded((int64(tm.Yday)+7-(int64(tm.Wday)+6)%7)/7, 2, '0')
		case 'x':
			text(formatTm("%m/%d/%y", tm))
		case 'X':
			text(formatTm("%H:%M:%S", tm))
		case 'y':
			padded(((year%100)+100)%100, 2, '0')
		case 'Y':
			padded(year, 1, '0')
		case 'z':
			off := tm.Gmtoff
			sign := byte('+')
			if off < 0 {
				sign, off = '-', -off
			}
			b = append(b, sign)
			num(off/3600*100+off/60%60, 4, '0')
		case 'Z':
			if tm.Zone != 0 {
				text(cmem.GoString(tm.Zone))
			}
		case '%':
			b = append(b, '%')
		default:
			// An unknown conversion is copied, as glibc does.
			b = append(b, '%', f[i])
		}
	}
	return string(b)
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// isoWeek is ISO 8601's week-based year and week number (1-53) of tm,
// from tm_year, tm_yday and tm_wday alone, as strftime's %G and %V are.
func isoWeek(tm *cTm) (year, week int64) {
	year = int64(tm.Year) + 1900
	yday, wday := int64(tm.Yday), (int64(tm.Wday)+6)%7 // Monday 0
	days := func(y int64) int64 {
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 366
		}
		return 365
	}
	// week1 is the day (counted from the year's January 1) of the Monday
	// that starts the year's week 1, the week holding January 4, given
	// that day yd of the year is weekday wd.
	week1 := func(yd, wd int64) int64 {
		jan1 := ((wd-yd)%7 + 7) % 7
		return 3 - (jan1+3)%7
	}
	if s := week1(yday, wday); yday < s {
		// The last week of the year before.
		yday += days(year - 1)
		return year - 1, (yday-week1(yday, wday))/7 + 1
	} else if next := yday - days(year); next >= week1(next, wday) {
		return year + 1, 1
	} else {
		return year, (yday-s)/7 + 1
	}
}

// ClockGettime is clock_gettime(clock_id, tp) on the kernel's clock.
func ClockGettime(st *State, clockID int32, tp uintptr) int32 {
	return st.clockCall(syscall.SYS_CLOCK_GETTIME, clockID, tp)
}

// ClockGetres is clock_getres(clock_id, res).
func ClockGetres(st *State, clockID int32, res uintptr) int32 {
	return st.clockCall(syscall.SYS_CLOCK_GETRES, clockID, res)
}

// clockCall makes the system call: struct timespec in C memory has the
// kernel's layout, and the kernel checks the clock and the address.
func (st *State) clockCall(trap uintptr, clockID int32, ts uintptr) int32 {
	if _, _, errno := syscall.Syscall(trap, uintptr(clockID), ts, 0); errno != 0 {
		st.Errno = int32(errno)
		return -1
	}
	return 0
}

// Nanosleep is nanosleep(req, rem): it sleeps the calling UPC thread the
// time at req (EINVAL when tv_nsec is outside [0, 1e9) or tv_sec is
// negative) and zeroes *rem, since nothing interrupts it.
func Nanosleep(st *State, req, rem uintptr) int32 {
	ts := cmem.Load[[2]int64](req)
	if ts[1] < 0 || ts[1] >= 1e9 || ts[0] < 0 {
		st.Errno = EINVAL
		return -1
	}
	d := time.Duration(ts[1])
	if ts[0] > int64(1<<62)/int64(time.Second) {
		d = 1<<63 - 1
	} else {
		d += time.Duration(ts[0]) * time.Second
	}
	time.Sleep(d)
	if rem != 0 {
		cmem.Store(rem, [2]int64{})
	}
	return 0
}
