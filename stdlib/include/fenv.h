/* fenv.h: the floating-point environment (C99 7.6). Go code cannot read
   or change the processor's rounding mode or exception flags, so upcgo
   supports what C99 lets an implementation stop at: one rounding
   direction, to nearest, and no floating-point exceptions. As C99 7.6p5
   and p7 say, only the macros for what is supported are defined:
   FE_TONEAREST, and FE_ALL_EXCEPT as 0 (a program that tests
   FE_DIVBYZERO with #ifdef learns it is unavailable). */
#ifndef _FENV_H
#define _FENV_H

typedef unsigned int fexcept_t;

/* The environment: the rounding direction, always FE_TONEAREST. */
typedef struct {
	unsigned int __round;
} fenv_t;

#define FE_ALL_EXCEPT 0
#define FE_TONEAREST 0

#define FE_DFL_ENV ((const fenv_t *)-1)

/* The exception functions succeed (return 0) for the empty set of
   exceptions, the only one there is; fetestexcept returns 0. */
int feclearexcept(int excepts);
int fegetexceptflag(fexcept_t *flagp, int excepts);
int feraiseexcept(int excepts);
int fesetexceptflag(const fexcept_t *flagp, int excepts);
int fetestexcept(int excepts);

/* fegetround returns FE_TONEAREST; fesetround returns 0 for it and
   non-zero (the direction is not established) for anything else. */
int fegetround(void);
int fesetround(int round);

int fegetenv(fenv_t *envp);
int feholdexcept(fenv_t *envp);
int fesetenv(const fenv_t *envp);
int feupdateenv(const fenv_t *envp);

#endif /* _FENV_H */
