/* void is an incomplete type that cannot be completed: no object, shared
   or private, has it, sizeof(void) is an error, and a void * does no
   arithmetic (sizeof(void) == 1 and void * arithmetic are gcc extensions
   that GNU UPC and Berkeley UPC refuse); shared void * neither. */
#include <upc.h>

void global_void;                                   /* ERROR "variable 'global_void' declared void" */
shared void shared_void;                            /* ERROR "variable 'shared_void' declared void" */
extern void extern_void;                            /* a declaration only: fine, as in gcc */

int main(void) {
	void local_void;                                /* ERROR "variable 'local_void' declared void" */
	static void static_void;                        /* ERROR "variable 'static_void' declared void" */
	char buf[4];
	void *vp = buf;
	shared void *sv = 0;
	int n = sizeof(void);                           /* ERROR "invalid application of 'sizeof' to a void type" */
	n += sizeof(shared void);                       /* ERROR "invalid application of 'sizeof' to a void type" */
	vp = vp + 1;                                    /* ERROR "pointer of type 'void [*]' used in arithmetic" */
	vp += 1;                                        /* ERROR "pointer of type 'void [*]' used in arithmetic" */
	vp++;                                           /* ERROR "pointer of type 'void [*]' used in arithmetic" */
	--vp;                                           /* ERROR "pointer of type 'void [*]' used in arithmetic" */
	n += (int)(vp - (void *)buf);                   /* ERROR "pointer of type 'void [*]' used in arithmetic" */
	sv = sv + 1;                                    /* ERROR "pointer of type 'shared void [*]' used in arithmetic" */
	vp = (char *)vp + 1;                            /* fine */
	return n + (vp == 0) + (sv == 0);
}
