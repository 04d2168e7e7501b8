/* upc_relaxed.h for gcc: gccshim.h, included first, declares what the suite uses. */
