/* include_local.h: a header of the program's own, found next to the
   including file by #include "...". Guarded, so including it twice is
   harmless. */
#ifndef INCLUDE_LOCAL_H
#define INCLUDE_LOCAL_H

#define GREETING "from a local header"

struct pair {
	int first, second;
};

static inline int pair_sum(struct pair p) { return p.first + p.second; }

extern int shared_counter_value(void);

#endif
